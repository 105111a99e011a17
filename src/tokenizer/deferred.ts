/**
 * The tokenizer's entry for a bundle that runs `createToken` later, in a script of its own: the hosted
 * form, whose engine carries the tokenizer (form/engine/engine.ts). The bundle keeps the configuration
 * (`Paytoken.configure`, its own script tag's data-*) and answers calls made before the engine is here.
 */
export { configFromScript, configure, resolveConfig, type PaytokenConfig } from './config.js';
export { withCallback, type CreateTokenOptions, type TokenCallback } from './callback.js';
export { failure, type TokenFailure } from './result.js';
export { version } from './version.js';
