#!/usr/bin/env bash
# Play a whole match against three bots with curl (and jq to read the JSON).
# Usage: docs/play-with-curl.sh [base-url]   (default http://127.0.0.1:8000)
set -euo pipefail
B=${1:-http://127.0.0.1:8000}
NAME=player$RANDOM
CREDENTIALS="{\"username\": \"$NAME\", \"password\": \"kathmandu-valley-42\"}"
curl -sf -X POST "$B/api/auth/register/" -H 'Content-Type: application/json' \
  -d "$CREDENTIALS" >/dev/null
# A token for this device; POST /api/auth/logout/ with it revokes it.
TOKEN=$(curl -sf -X POST "$B/api/auth/token/" -H 'Content-Type: application/json' \
  -d "$CREDENTIALS" | jq -r .token)
AUTH="Authorization: Token $TOKEN"
ID=$(curl -sf -X POST "$B/api/matches/" -H "$AUTH" -H 'Content-Type: application/json' \
  -d '{"rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 3600,
       "opponents": ["bot:easy", "bot:normal", "bot:hard"]}' | jq -r .id)
echo "match $ID created for $NAME"
while true; do
  VIEW=$(curl -sf "$B/api/matches/$ID/" -H "$AUTH")
  STATUS=$(jq -r .status <<<"$VIEW")
  [ "$STATUS" = finished ] && break
  if [ "$(jq .turn <<<"$VIEW")" != "$(jq .my_seat <<<"$VIEW")" ]; then sleep 0.3; continue; fi
  SEQ=$(jq .seq <<<"$VIEW")
  if [ "$STATUS" = bidding ]; then
    curl -sf -X POST "$B/api/matches/$ID/call/" -H "$AUTH" -H 'Content-Type: application/json' \
      -d "{\"call\": 3, \"seq\": $SEQ}" >/dev/null && echo "called 3"
  else
    CARD=$(jq -r '.legal[0]' <<<"$VIEW")
    curl -sf -X POST "$B/api/matches/$ID/play/" -H "$AUTH" -H 'Content-Type: application/json' \
      -d "{\"card\": \"$CARD\", \"seq\": $SEQ}" >/dev/null && echo "played $CARD"
  fi
done
curl -sf "$B/api/matches/$ID/" -H "$AUTH" | jq '{status, scores, places}'
curl -sf "$B/api/matches/$ID/record/" -H "$AUTH" | jq '.hands[0].tricks | length'
