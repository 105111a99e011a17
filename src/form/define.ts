import { PaytokenForm } from './paytoken-form.component.js';

/** Registers `<paytoken-form>` once, however many times the script is loaded. */
if (!customElements.get('paytoken-form')) customElements.define('paytoken-form', PaytokenForm);

declare global {
  interface HTMLElementTagNameMap {
    'paytoken-form': PaytokenForm;
  }
}
