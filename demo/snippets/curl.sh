. .data/sandbox.env   # Springfield's own key and secret as $API_KEY and $API_SECRET (written at the first start)
PAYTOKEN=${PAYTOKEN:-http://127.0.0.1:4010}
json='Content-Type: application/json'

# 1. A token. A page makes it with its public key (Authorization: Api-Key $PUBLIC_KEY); a server may use key+secret.
TOKEN=$(curl -s "$PAYTOKEN/api/v1/tokens" -u "$API_KEY:$API_SECRET" -H "$json" -d '{"payer":"Ada Lovelace",
  "emailAddress":"ada@example.com","creditCardInformation":{"accountHolder":"Ada Lovelace",
  "cardNumber":"4242424242424242","cvc":"123","month":"12","year":2030}}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
# 201, Location: …/api/v1/tokens/tok_…, body {"id":"tok_…"}
curl -s "$PAYTOKEN/api/v1/tokens/$TOKEN" -u "$API_KEY:$API_SECRET" -w '\n'
# {"id":"tok_…","payer":"Ada Lovelace","transactionType":"Visa","lastFour":"4242",…}

# 2. The payer fee for $100.00 due
curl -s "$PAYTOKEN/api/v1/transactionFees?amount=100.00" -u "$API_KEY:$API_SECRET" -w '\n'
# {"achPayerFee":3,"creditCardPayerFee":3.25}

# 3. Mode A: amount = due + fee, payerFee = fee
curl -s "$PAYTOKEN/api/v1/transactions" -u "$API_KEY:$API_SECRET" -H "$json" -H 'Idempotency-Key: order-1017' -w '\n' \
  -d '{"payer":"Ada Lovelace","amount":103.25,"payerFee":3.25,"tokenId":"'"$TOKEN"'","ipAddress":"203.0.113.7"}'
# 201, Location: …/api/v1/transactions/{id}
# {"id":1,"publicId":"txn_…","amount":103.25,"payerFee":3.25,"fee":3.25,"netAmount":100,"payerFeeMode":"Included",
#  "transactionType":"Visa","maskedAccountNumber":"************4242","paymentResponseCode":"Success",…}

# 4. Hold $80.00 on the card for 7 days, then capture at most that much, once
HOLD=$(curl -s "$PAYTOKEN/api/v1/transactions/authorize" -u "$API_KEY:$API_SECRET" -H "$json" \
  -d '{"tokenId":"'"$TOKEN"'","amount":80.00}')
echo "$HOLD"
# 201 {"authorizationId":"auth_…","amount":80,"expires":"…","transactionId":2,"captured":false}
AUTHORIZATION=$(echo "$HOLD" | sed -E 's/.*"authorizationId":"([^"]+)".*/\1/')
curl -s "$PAYTOKEN/api/v1/transactions" -u "$API_KEY:$API_SECRET" -H "$json" -w '\n' \
  -d '{"payer":"Ada Lovelace","amount":50.00,"authorizationId":"'"$AUTHORIZATION"'"}'
# 201 {"id":2,"amount":50,"payerFee":0,"fee":1.63,"netAmount":48.37,"payerFeeMode":"Custom",
#      "events":[{"eventType":"Authorize",…},{"eventType":"Capture",…}],…}
curl -s "$PAYTOKEN/api/v1/authorizations/$AUTHORIZATION" -u "$API_KEY:$API_SECRET" -w '\n'
# {"authorizationId":"auth_…","amount":80,"expires":"…","transactionId":2,"captured":true}

# 5. Scopes: a token or a transaction belongs to the account that made it, and to the impersonation it
#    was made under. Springfield's own token is not found by Sandbox System, even acting for Springfield:
curl -s "$PAYTOKEN/api/v1/tokens/$TOKEN" -u "$SYSTEM_API_KEY:$SYSTEM_API_SECRET" -w '\n' \
  -H "impersonationAccountKey: $SPRINGFIELD_IMPERSONATION_KEY"
# 404 {"message":"No such token.","code":"TOKEN_NOT_FOUND",…}
