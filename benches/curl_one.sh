#!/usr/bin/env bash
# (b) One candidate per process, for `xargs -P 8`: every page with curl (per=100, following
# pagination.next_url), items as ndjson into OUTDIR/CODE.ndjson (one file per process, so
# parallel writers can't interleave lines).
# Usage: BASE=http://host/v1 KEY=... OUTDIR=dir REQLOG=file curl_one.sh CODE
set -euo pipefail
c="$1"
url="$BASE/candidates/$c/form_submissions?per=100"
out="$OUTDIR/$c.ndjson"
: > "$out"
while [ -n "$url" ]; do
  # (-w ... 2>> REQLOG only records each request's time for the benchmark)
  body=$(curl -sS --fail -w '%{stderr}%{time_total}\n' -H "Authorization: Bearer $KEY" "$url" 2>> "${REQLOG:-/dev/null}")
  printf '%s' "$body" | jq -c --arg c "$c" '.collection[] | {candidate_code: $c} + .' >> "$out"
  url=$(printf '%s' "$body" | jq -r '.pagination.next_url // empty')
done
