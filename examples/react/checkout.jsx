import { useRef, useState } from 'react';
import 'paytoken/form'; // defines <paytoken-form> (or load paytoken-form.js with a <script> tag)

/** The payment step: the drop-in form, then your server's receipt, or its decline inside the form. */
export function Checkout({ publicKey, apiUrl, amountDue, cardFee, achFee }) {
  const form = useRef(null);
  const [receipt, setReceipt] = useState(null);

  async function pay(event) {
    const response = await fetch('/checkout/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tokenId: event.id, amountDue }), // only the token id leaves the page
    });
    const body = await response.json();
    if (response.ok) setReceipt(body);
    else form.current.showPaymentError(body.message); // your server sends the decline's payerMessage
  }

  return (
    <>
      <paytoken-form
        ref={form}
        public-key={publicKey}
        api-url={apiUrl}
        amount={amountDue}
        card-fee={cardFee}
        ach-fee={achFee}
        hidden={receipt !== null}
        onpaytoken-token={pay}
        onpaytoken-error={(event) => console.warn(event.code, event.errorMessage)}
      />
      {receipt && (
        <p role="status">
          Paid ${receipt.charged.toFixed(2)} with the card ending {receipt.lastFour}.
        </p>
      )}
    </>
  );
}
