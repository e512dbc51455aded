#!/usr/bin/env bash
# (a) What a user would write: for each candidate, fetch every page with curl (per=100,
# following pagination.next_url) and turn the items into ndjson with jq, one after another.
# Usage: BASE=http://host/v1 KEY=... REQLOG=file curl_sequential.sh CANDIDATES_FILE > out.ndjson
set -euo pipefail
while IFS= read -r c; do
  [ -z "$c" ] && continue
  url="$BASE/candidates/$c/form_submissions?per=100"
  while [ -n "$url" ]; do
    # (-w ... 2>> REQLOG only records each request's time for the benchmark)
    body=$(curl -sS --fail -w '%{stderr}%{time_total}\n' -H "Authorization: Bearer $KEY" "$url" 2>> "${REQLOG:-/dev/null}")
    printf '%s' "$body" | jq -c --arg c "$c" '.collection[] | {candidate_code: $c} + .'
    url=$(printf '%s' "$body" | jq -r '.pagination.next_url // empty')
  done
done < "$1"
