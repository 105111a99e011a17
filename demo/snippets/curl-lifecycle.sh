. .data/sandbox.env   # Springfield's own key and secret, as in the walk-through above
PAYTOKEN=${PAYTOKEN:-http://127.0.0.1:4010}
json='Content-Type: application/json'
TOKEN=$(curl -s "$PAYTOKEN/api/v1/tokens" -u "$API_KEY:$API_SECRET" -H "$json" -d '{"payer":"Ada Lovelace",
  "emailAddress":"ada@example.com",
  "creditCardInformation":{"accountHolder":"Ada Lovelace","cardNumber":"4242424242424242","cvc":"123",
  "month":"12","year":2030}}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
SALE=$(curl -s "$PAYTOKEN/api/v1/transactions" -u "$API_KEY:$API_SECRET" -H "$json" \
  -d '{"payer":"Ada Lovelace","amount":103.25,"payerFee":3.25,"tokenId":"'"$TOKEN"'"}' | sed -E 's/^\{"id":([0-9]+).*/\1/')

curl -s -X POST "$PAYTOKEN/api/v1/transactions/$SALE/refund" -u "$API_KEY:$API_SECRET" -w '\n'
# 400 {"message":"This transaction is not settled yet; void it instead …","code":"REVERSAL_DECLINED","reversalResponseCode":"NotSettled",…}
curl -s -X POST "$PAYTOKEN/api/v1/sandbox/settle" -u "$API_KEY:$API_SECRET" -w '\n'
# {"id":1,"created":"…","numberOfCredits":0,"totalOfCredits":0,"numberOfDebits":1,"totalOfDebits":103.25,"currency":"USD"}
curl -s "$PAYTOKEN/api/v1/transactions/$SALE/refund" -u "$API_KEY:$API_SECRET" -H "$json" -d '{"amount":40.00}' -w '\n'
# 201 {"id":…,"amount":-40,"fee":0,"netAmount":-40,"status":"Captured","batchId":null,"originalTransactionId":…} (settled with the next batch)
curl -s "$PAYTOKEN/api/v1/transactions/$SALE" -u "$API_KEY:$API_SECRET" -w '\n'
# {"amount":103.25,"fee":3.25,"netAmount":100,"status":"PartiallyRefunded","batchId":1,…}
curl -s -X POST "$PAYTOKEN/api/v1/transactions/$SALE/void" -u "$API_KEY:$API_SECRET" -w '\n'
# 400 {"message":"This transaction is already settled …; refund it instead …","reversalResponseCode":"AlreadySettled",…}
curl -s "$PAYTOKEN/api/v1/batches" -u "$API_KEY:$API_SECRET" -w '\n'
# {"batches":[{"id":1,…}],"totalRecords":1}
BATCH=$(curl -s "$PAYTOKEN/api/v1/transactions/$SALE" -u "$API_KEY:$API_SECRET" | sed -E 's/.*"batchId":([0-9]+).*/\1/')
curl -s "$PAYTOKEN/api/v1/batches/$BATCH/transactions" -u "$API_KEY:$API_SECRET" -w '\n'
# {"transactions":[{"id":…,"amount":103.25,"status":"PartiallyRefunded","batchId":1,…}],"totalRecords":1}
