const checkout = document.querySelector('form'); // your <form>, around <paytoken-form name="tokenId">
const payment = checkout.querySelector('paytoken-form');
// Your own "Next" step: the form shows what is missing, with focus on the first field to fix.
const result = checkout.reportValidity();
if (!result) console.warn(payment.validationMessage); // e.g. "6 fields need your attention."
// A "Start again" button: checkout.reset() empties every field and message, and drops any token.
