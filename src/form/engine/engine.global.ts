/**
 * `paytoken-form-engine.js`: the hosted form's engine (engine.ts), loaded at the first focus or input
 * in a field, or at Pay (load-engine.hosted.ts). Sets `window.PaytokenFormEngine.engine`.
 */
export { engine } from './engine.js';
