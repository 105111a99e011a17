/**
 * The form bench's reference point: a bare Lit element with three labelled inputs and a button, under
 * the same tag, timed by the same method. What it takes is this machine's floor for any Lit form,
 * so the form's own rows can be read on a slower or faster machine than the issue's.
 */
import { LitElement, html } from 'lit';

class BareForm extends LitElement {
  static override properties = { publicKey: { attribute: 'public-key' }, apiUrl: { attribute: 'api-url' } };

  override render() {
    return html`<div>
      ${['cardNumber', 'expiry', 'cvc'].map(
        (name) => html`<label for=${name}>${name}</label><input id=${name} name=${name} />`,
      )}
      <button type="button">Pay</button>
    </div>`;
  }
}

customElements.define('paytoken-form', BareForm);
