const result = await Paytoken.createToken({
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  bankAccountInformation: {
    accountType: 'PersonalChecking',
    routingNumber: '021000021',
    accountNumber: '000123456789',
  },
}); // the same result shape as with a callback; the Promise never rejects
console.log(result.success ? result.id : result.errorMessage);
