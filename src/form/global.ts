/**
 * The hosted form bundle (`paytoken-form.js`): defines `<paytoken-form>` and also exposes
 * `window.Paytoken`, with the script tag's data-* configuration like paytoken.js.
 */
import './define.js';

export { configure, createToken, version } from '../tokenizer/global.js';
