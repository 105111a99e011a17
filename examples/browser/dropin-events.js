const form = document.querySelector('paytoken-form');
form.addEventListener('paytoken-token', (event) => console.log('token', event.id)); // send event.id to your server
form.addEventListener('paytoken-error', (event) => console.warn(event.code, event.errorMessage));
const result = await form.tokenize(); // the same result as Paytoken.createToken; never rejects
// Your server charged the token and the card was declined: tell the payer in the form.
if (result.success) form.showPaymentError('The payment was declined: insufficient funds.');
