#!/usr/bin/env bash
# Benchmarks of `recruit export submissions` against `recruit sandbox --latency 20`, compared
# with (a) a sequential curl + jq loop and (b) `xargs -P 8` running curl + jq per candidate.
# Writes the results table into benches/README.md (between the results markers).
#
#   bash benches/run.sh            # everything, about 3-5 minutes on 2 cores
#
# Knobs (environment): LATENCY (ms, 20), N (candidates, 1000), SEQ_N (candidates timed for the
# sequential loop, then scaled to N; 200), BIG_N (candidates of the large memory run, 10000),
# CONCURRENCY (8), NO_BUILD=1 (use the existing target/release/recruit), RECRUIT_BIN (another build), ONLY=rate (just the
# rate-limit cases, about 1 minute), RATE_N (candidates of the rate-limit cases, 1000).
set -euo pipefail

LATENCY=${LATENCY:-20}
N=${N:-1000}
SEQ_N=${SEQ_N:-200}
SMALL_N=${SMALL_N:-100}
BIG_N=${BIG_N:-10000}
CONCURRENCY=${CONCURRENCY:-8}

# shellcheck source=common/bench.sh
. "$(dirname "$0")/common/bench.sh"
need_tools curl jq time
build_release

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# --- rate limits: recruit export against recruit sandbox --rate-limit R ---------------------
# Achieved rate = requests the sandbox accepted / wall time of the export; 429 share = answers
# refused by the rate limit / all answers (the sandbox's own counts, GET /_sandbox/stats).
RATE_N=${RATE_N:-1000}
rate_case() { # label R extra-sandbox-args... -> one table row
  local label=$1 r=$2; shift 2
  local dir="$work/rate-$r-$#"; mkdir -p "$dir"
  "$bin" sandbox --port 0 --state "$dir/state.json" --synthetic-candidates "$RATE_N" \
    --rate-limit "$r" "$@" > "$dir/sandbox.out" 2> /dev/null &
  local pid=$!
  for _ in $(seq 100); do grep -q '^base_url:' "$dir/sandbox.out" 2>/dev/null && break; sleep 0.1; done
  local base; base=$(sed -n 's/^base_url: //p' "$dir/sandbox.out")
  awk -v n="$RATE_N" 'BEGIN { for (i = 1; i <= n; i++) printf "S%06d\n", i }' > "$dir/c.txt"
  local t0 t1; t0=$(now)
  "$bin" --base-url "$base" --api-key sandbox-key export submissions --concurrency "$CONCURRENCY" \
    --candidates "$dir/c.txt" --out "$dir/out.ndjson" 2> "$dir/err"
  t1=$(now)
  local stats; stats=$(curl -s -H 'Authorization: Bearer sandbox-key' "${base%/v1}/_sandbox/stats")
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  local answered limited wall accepted lines unique want
  answered=$(jq .answered <<< "$stats"); limited=$(jq .rate_limited <<< "$stats")
  wall=$(elapsed "$t0" "$t1"); accepted=$((answered - limited))
  lines=$(wc -l < "$dir/out.ndjson")
  unique=$(jq -r '[.candidate_code, .code] | @tsv' "$dir/out.ndjson" | sort -u | wc -l)
  want=$(records_of "$RATE_N")
  local ok=yes; [ "$lines" = "$want" ] && [ "$unique" = "$want" ] || ok="**no** ($lines lines, $unique unique, want $want)"
  local frac share; frac=$(awk -v a="$accepted" -v t="$wall" -v r="$r" 'BEGIN { printf "%.2f", a / t / r }')
  share=$(awk -v l="$limited" -v a="$answered" 'BEGIN { printf "%.1f%%", 100 * l / a }')
  local paced; paced=$(grep -o 'paced at [^,)]*' "$dir/err" | tail -1 || true)
  printf '| %s | %s s | %s (%s accepted) | %s | **%s** | %s (%s) | %s | %s |\n' "$label" "$wall" "$answered" \
    "$accepted" "$(awk -v a="$accepted" -v t="$wall" 'BEGIN { printf "%.1f", a / t }')" "$frac" "$limited" "$share" \
    "${paced:-not paced}" "$ok"
}
run_rate_cases() {
  say "rate-limit cases, $RATE_N candidates"
  local rows
  rows=$(
    rate_case "R = 40/s" 40
    rate_case "R = 150/s, latency 5 ms" 150 --latency 5
    rate_case "R = 200/s, latency 5 ms" 200 --latency 5
    rate_case "R = 40/s, with headers" 40 --rate-limit-headers
    rate_case "R = 150/s, latency 5 ms, with headers" 150 --latency 5 --rate-limit-headers
    rate_case "R = 200/s, latency 5 ms, with headers" 200 --latency 5 --rate-limit-headers
  )
  local load; load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
  rate_table="Run: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores (shared; load average after the run: $load),
$RATE_N candidates = $(records_of "$RATE_N") submissions, minimum requests $(min_requests "$RATE_N"), concurrency $CONCURRENCY.

| sandbox | wall time | answers (accepted) | accepted req/s | / R (target 0.9) | 429s (share; target 5%, 0 with headers) | export summary | every record once |
|---|---:|---:|---:|---:|---:|---|---|
$rows"
  printf '%s\n' "$rate_table"
  local readme="$here/README.md"
  if [ -f "$readme" ] && grep -q '<!-- rate-results:start -->' "$readme"; then
    awk -v table="$rate_table" '
      /<!-- rate-results:start -->/ { print; print ""; print table; print ""; skip = 1; next }
      /<!-- rate-results:end -->/ { skip = 0 }
      !skip { print }
    ' "$readme" > "$work/README.rate.md" && cp "$work/README.rate.md" "$readme"
    say "rate-limit results written to $readme"
  fi
}

# Minimum requests: sum over candidates of ceil(submissions / 100); synthetic candidate i has
# 1 + (i * 37 mod 130) submissions (documented by the sandbox).
min_requests() { awk -v n="$1" 'BEGIN { s = 0; for (i = 1; i <= n; i++) { k = 1 + (i * 37) % 130; s += int((k + 99) / 100) } print s }'; }
records_of() { awk -v n="$1" 'BEGIN { s = 0; for (i = 1; i <= n; i++) s += 1 + (i * 37) % 130; print s }'; }

if [ "${ONLY:-}" = rate ]; then
  run_rate_cases
  exit 0
fi

# --- the sandbox ---------------------------------------------------------------------------
say "starting recruit sandbox --latency $LATENCY --synthetic-candidates $BIG_N"
start_sandbox main --latency "$LATENCY" --synthetic-candidates "$BIG_N"
BASE=$base KEY=$key
export BASE KEY
say "sandbox at $BASE"

codes() { awk -v n="$1" 'BEGIN { for (i = 1; i <= n; i++) printf "S%06d\n", i }'; }
codes "$N" > "$work/c_n.txt"
codes "$SEQ_N" > "$work/c_seq.txt"
codes "$SMALL_N" > "$work/c_small.txt"
codes "$BIG_N" > "$work/c_big.txt"

MIN_N=$(min_requests "$N"); MIN_SEQ=$(min_requests "$SEQ_N")
REC_N=$(records_of "$N")

# Warm-up (connections, page cache).
"$bin" --base-url "$BASE" --api-key "$KEY" export submissions --candidates "$work/c_small.txt" > /dev/null 2>&1

# --- (a) sequential curl + jq, on SEQ_N candidates, scaled to N ---------------------------------
say "(a) sequential curl + jq loop, $SEQ_N candidates"
: > "$work/req_a"
t0=$(now)
REQLOG="$work/req_a" bash "$here/curl_sequential.sh" "$work/c_seq.txt" > "$work/a.ndjson"
t1=$(now)
A_SUB=$(elapsed "$t0" "$t1")
A_REQ=$(wc -l < "$work/req_a")
A_REC=$(wc -l < "$work/a.ndjson")
A_SCALED=$(awk -v t="$A_SUB" -v a="$MIN_N" -v b="$MIN_SEQ" 'BEGIN { printf "%.1f", t * a / b }')
# The sandbox's real service time: (a) sends one request at a time, so curl's time_total of
# each is latency + the sandbox's work (generating up to 100 submissions) + transfer.
SERVICE_MS=$(awk '{ s += $1 } END { printf "%.1f", 1000 * s / NR }' "$work/req_a")

# --- (b) xargs -P 8 curl + jq, one candidate per process ---------------------------------
say "(b) xargs -P $CONCURRENCY curl + jq, $N candidates"
mkdir -p "$work/b"
: > "$work/req_b"
t0=$(now)
OUTDIR="$work/b" REQLOG="$work/req_b" xargs -P "$CONCURRENCY" -n 1 bash "$here/curl_one.sh" < "$work/c_n.txt"
while IFS= read -r c; do cat "$work/b/$c.ndjson"; done < "$work/c_n.txt" > "$work/b.ndjson"
t1=$(now)
B_TIME=$(elapsed "$t0" "$t1")
B_REQ=$(wc -l < "$work/req_b")
B_REC=$(wc -l < "$work/b.ndjson")

# --- (c) recruit export ----------------------------------------------------------------------
run_export() { # candidates-file out-file -> stderr summary in $work/c.err, peak RSS (kB) in $work/c.rss
  /usr/bin/time -f '%M' -o "$work/c.rss" "$bin" --base-url "$BASE" --api-key "$KEY" \
    export submissions --concurrency "$CONCURRENCY" --candidates "$1" --out "$2" 2> "$work/c.err"
}
requests_of() { sed -n 's/.*(\([0-9]*\) requests.*/\1/p' "$work/c.err" | tail -1; }

say "(c) recruit export, $N candidates"
t0=$(now)
run_export "$work/c_n.txt" "$work/c.ndjson"
t1=$(now)
C_TIME=$(elapsed "$t0" "$t1")
C_REQ=$(requests_of)
C_REC=$(wc -l < "$work/c.ndjson")
C_RSS_N=$(cat "$work/c.rss")

# Same records as (b)?  (candidate_code, code) pairs, sorted.
pairs() { jq -r '[.candidate_code, .code] | @tsv' "$1" | sort | md5sum | cut -d' ' -f1; }
SAME_BC=no; [ "$(pairs "$work/b.ndjson")" = "$(pairs "$work/c.ndjson")" ] && SAME_BC=yes

say "(c) recruit export, $SMALL_N candidates (memory)"
run_export "$work/c_small.txt" "$work/small.ndjson"
RSS_SMALL=$(cat "$work/c.rss"); REQ_SMALL=$(requests_of)
say "(c) recruit export, $BIG_N candidates (memory)"
t0=$(now)
run_export "$work/c_big.txt" "$work/big.ndjson"
t1=$(now)
BIG_TIME=$(elapsed "$t0" "$t1")
RSS_BIG=$(cat "$work/c.rss"); REQ_BIG=$(requests_of)
BIG_REC=$(wc -l < "$work/big.ndjson")
MIN_BIG=$(min_requests "$BIG_N"); MIN_SMALL=$(min_requests "$SMALL_N")

# --- results ---------------------------------------------------------------------------------
BOUND=$(awk -v c="$CONCURRENCY" -v l="$LATENCY" 'BEGIN { printf "%.0f", c * 1000 / l }')
EFF_BOUND=$(awk -v c="$CONCURRENCY" -v l="$SERVICE_MS" 'BEGIN { printf "%.0f", c * 1000 / l }')
C_RPS=$(awk -v r="$C_REQ" -v t="$C_TIME" 'BEGIN { printf "%.0f", r / t }')
BIG_RPS=$(awk -v r="$REQ_BIG" -v t="$BIG_TIME" 'BEGIN { printf "%.0f", r / t }')
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f%%", 100 * a / b }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }
A_RPS=$(awk -v r="$A_REQ" -v t="$A_SUB" 'BEGIN { printf "%.0f", r / t }')
B_RPS=$(awk -v r="$B_REQ" -v t="$B_TIME" 'BEGIN { printf "%.0f", r / t }')
verdict() { if awk -v x="$1" -v y="$2" 'BEGIN { exit !(x >= y) }'; then echo "met"; else echo "**missed**"; fi; }
A_RATIO=$(awk -v a="$A_SCALED" -v c="$C_TIME" 'BEGIN { print a / c }')
B_RATIO=$(awk -v b="$B_TIME" -v c="$C_TIME" 'BEGIN { print b / c }')
C_FRAC=$(awk -v r="$C_RPS" -v b="$BOUND" 'BEGIN { print r / b }')
RSS_GROWTH=$(awk -v a="$RSS_BIG" -v b="$RSS_SMALL" 'BEGIN { printf "%+.0f%%", 100 * (a - b) / b }')
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")

table=$(cat <<EOF
Run: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores (shared; load average before the run: $load),
sandbox latency ${LATENCY} ms, concurrency ${CONCURRENCY}, $N candidates = $REC_N submissions,
minimum requests ${MIN_N} (sum of ceil(n/100)). Throughput bound = concurrency / latency =
${CONCURRENCY} / ${LATENCY} ms = **${BOUND} req/s**. The sandbox's measured service time (mean
curl \`time_total\` of the ${A_REQ} one-at-a-time requests of (a): latency + generating the page +
transfer) is **${SERVICE_MS} ms**, so ${CONCURRENCY} requests in flight can't exceed
${CONCURRENCY} / ${SERVICE_MS} ms = **${EFF_BOUND} req/s** against this sandbox on this machine.

| | wall time, $N candidates | requests (minimum $MIN_N) | req/s | records | recruit export is |
|---|---:|---:|---:|---:|---|
| (a) sequential curl + jq loop | ${A_SCALED} s (measured ${A_SUB} s on $SEQ_N candidates, scaled by requests ${MIN_N}/${MIN_SEQ}) | ${A_REQ} for $SEQ_N (minimum ${MIN_SEQ}) | ${A_RPS} | ${A_REC} for $SEQ_N | $(ratio "$A_SCALED" "$C_TIME") faster (target 5x: $(verdict "$A_RATIO" 5)) |
| (b) \`xargs -P $CONCURRENCY\` curl + jq | ${B_TIME} s | ${B_REQ} | ${B_RPS} | ${B_REC} | $(ratio "$B_TIME" "$C_TIME") faster (target: no slower, $(verdict "$B_RATIO" 1)) |
| (c) \`recruit export submissions\` | **${C_TIME} s** | ${C_REQ} | **${C_RPS}** = $(pct "$C_RPS" "$BOUND") of the bound (target 80%: $(verdict "$C_FRAC" 0.8)); $(pct "$C_RPS" "$EFF_BOUND") of ${EFF_BOUND} (service time) | ${C_REC} (same as (b): ${SAME_BC}) | |

Peak memory of \`recruit export\` (maximum resident set size, \`/usr/bin/time\`):

| candidates | records | requests (minimum) | wall time | peak RSS |
|---:|---:|---:|---:|---:|
| $SMALL_N | $(wc -l < "$work/small.ndjson") | ${REQ_SMALL} (${MIN_SMALL}) | | $((RSS_SMALL / 1024)) MiB (${RSS_SMALL} kB) |
| $N | ${C_REC} | ${C_REQ} (${MIN_N}) | ${C_TIME} s | $((C_RSS_N / 1024)) MiB (${C_RSS_N} kB) |
| $BIG_N | ${BIG_REC} | ${REQ_BIG} (${MIN_BIG}) | ${BIG_TIME} s (${BIG_RPS} req/s) | $((RSS_BIG / 1024)) MiB (${RSS_BIG} kB), ${RSS_GROWTH} vs $SMALL_N |
EOF
)

printf '%s\n' "$table"
readme="$here/README.md"
if [ -f "$readme" ] && grep -q '<!-- results:start -->' "$readme"; then
  awk -v table="$table" '
    /<!-- results:start -->/ { print; print ""; print table; print ""; skip = 1; next }
    /<!-- results:end -->/ { skip = 0 }
    !skip { print }
  ' "$readme" > "$work/README.md" && cp "$work/README.md" "$readme"
  say "results written to $readme"
fi

run_rate_cases
