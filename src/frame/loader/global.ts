/**
 * The hosted loader (`paytoken-frame.js`): defines `<paytoken-frame>` once, however many times the
 * script is loaded. No Lit and no card input on the integrator's page: the form is in the frame.
 */
import { PaytokenFrame } from './paytoken-frame.js';

if (!customElements.get('paytoken-frame')) customElements.define('paytoken-frame', PaytokenFrame);

declare global {
  interface HTMLElementTagNameMap {
    'paytoken-frame': PaytokenFrame;
  }
}
