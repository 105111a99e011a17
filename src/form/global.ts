/**
 * The hosted form bundle (`paytoken-form.js`): defines `<paytoken-form>` and also exposes
 * `window.Paytoken`, with the script tag's data-* configuration like paytoken.js. Its `createToken`
 * runs in the form's engine (engine/create-token.ts).
 */
import './define.js';
import { configFromScript, configure } from '../tokenizer/deferred.js';

// `document.currentScript` is only set while this file first runs, so the tag is read here.
configure(configFromScript(document.currentScript));

export { configure, version } from '../tokenizer/deferred.js';
export { createToken } from './engine/create-token.js';
