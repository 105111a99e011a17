. .data/sandbox.env   # $PAYTOKEN, and Springfield's own key and secret, as in the walk-through
json='Content-Type: application/json'
status=' (%{http_code})\n'
TOKEN=$(curl -s "$PAYTOKEN/api/v1/tokens" -u "$API_KEY:$API_SECRET" -H "$json" -d '{"payer":"Ada Lovelace",
  "emailAddress":"ada@example.com",
  "creditCardInformation":{"accountHolder":"Ada Lovelace","cardNumber":"4242424242424242","cvc":"123",
  "month":"12","year":2030}}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
SALE=$(curl -s "$PAYTOKEN/api/v1/transactions" -u "$API_KEY:$API_SECRET" -H "$json" \
  -d '{"payer":"Ada Lovelace","amount":103.25,"payerFee":3.25,"tokenId":"'"$TOKEN"'"}' | sed -E 's/^\{"id":([0-9]+).*/\1/')

curl -s -X POST "$PAYTOKEN/api/v1/transactions/$SALE/refund" -u "$API_KEY:$API_SECRET" -w "$status"
# {"message":"This transaction is not settled yet; void it instead …","code":"REVERSAL_DECLINED","reversalResponseCode":"NotSettled",…} (400)
curl -s -X POST "$PAYTOKEN/api/v1/sandbox/settle" -u "$API_KEY:$API_SECRET" -w "$status"
# {"id":1,"created":"…","numberOfCredits":0,"totalOfCredits":0,"numberOfDebits":1,"totalOfDebits":103.25,"currency":"USD"} (200)
curl -s "$PAYTOKEN/api/v1/transactions/$SALE/refund" -u "$API_KEY:$API_SECRET" -H "$json" -d '{"amount":40.00}' -w "$status"
# {"id":…,"amount":-40,"fee":0,"netAmount":-40,"status":"Captured","batchId":null,"originalTransactionId":…} (201)
#   (the refund settles with the next batch)
curl -s "$PAYTOKEN/api/v1/transactions/$SALE" -u "$API_KEY:$API_SECRET" -w "$status"
# {"amount":103.25,"fee":3.25,"netAmount":100,"status":"PartiallyRefunded","batchId":1,…} (200)
curl -s -X POST "$PAYTOKEN/api/v1/transactions/$SALE/void" -u "$API_KEY:$API_SECRET" -w "$status"
# {"message":"This transaction is already settled …; refund it instead …","reversalResponseCode":"AlreadySettled",…} (400)
curl -s "$PAYTOKEN/api/v1/batches" -u "$API_KEY:$API_SECRET" -w "$status"
# {"batches":[{"id":1,…}],"totalRecords":1} (200)
BATCH=$(curl -s "$PAYTOKEN/api/v1/transactions/$SALE" -u "$API_KEY:$API_SECRET" | sed -E 's/.*"batchId":([0-9]+).*/\1/')
curl -s "$PAYTOKEN/api/v1/batches/$BATCH/transactions" -u "$API_KEY:$API_SECRET" -w "$status"
# {"transactions":[{"id":…,"amount":103.25,"status":"PartiallyRefunded","batchId":1,…}],"totalRecords":1} (200)
