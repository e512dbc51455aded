#!/usr/bin/env bash
# Paired runs (#51): `recruit export candidates` of N synthetic candidates to an Excel workbook
# (-o xlsx) against the same export to CSV, each pair run back to back in alternating order,
# against `recruit sandbox --latency 0` (no waiting on the service: the client's own work
# decides the ratio). Then the peak RSS of the xlsx export at SMALL_N and N candidates
# (/usr/bin/time), to show memory flat in the number of candidates.
#
#   bash benches/xlsx.sh           # about 2-4 minutes on 2 cores
#
# Knobs (environment): N (20000), SMALL_N (2000), PAIRS (3), NO_BUILD=1 (use the existing
# target/release/recruit), RECRUIT_BIN (another build). Goal: xlsx at most 1.5x the CSV time, memory flat.
set -euo pipefail

N=${N:-20000}
SMALL_N=${SMALL_N:-2000}
PAIRS=${PAIRS:-3}

# shellcheck source=common/bench.sh
. "$(dirname "$0")/common/bench.sh"
need_tools time
build_release

# One export: format, output file -> "seconds peak_kB" on stdout.
export_once() {
  rm -f "$2"
  /usr/bin/time -f '%e %M' -o "$work/time" env RECRUIT_AUDIT_LOG="$work/audit.log" \
    RECRUIT_DATA_DIR="$work/data" RECRUIT_CONFIG_DIR="$work/config" \
    "$bin" --base-url "$base" --api-key sandbox-key export candidates -o "$1" --out "$2" 2> "$work/err" \
    || { cat "$work/err" >&2; exit 1; }
  cat "$work/time"
}

start_sandbox "xlsx-$N" --synthetic-candidates "$N" --latency 0
say "warming up (one export of each)"
export_once csv "$work/out.csv" > /dev/null
export_once xlsx "$work/out.xlsx" > /dev/null
csv_times=(); xlsx_times=(); ratios=()
for i in $(seq "$PAIRS"); do
  if [ $((i % 2)) = 1 ]; then
    c=$(export_once csv "$work/out.csv"); x=$(export_once xlsx "$work/out.xlsx")
  else
    x=$(export_once xlsx "$work/out.xlsx"); c=$(export_once csv "$work/out.csv")
  fi
  ct=${c% *}; xt=${x% *}
  csv_times+=("$ct"); xlsx_times+=("$xt")
  ratios+=("$(awk -v a="$xt" -v b="$ct" 'BEGIN { printf "%.2f", a / b }')")
  say "pair $i: csv ${ct} s, xlsx ${xt} s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
rows=$(($(wc -l < "$work/out.csv") - 1))
big_rss=${x#* }
start_sandbox "xlsx-$SMALL_N" --synthetic-candidates "$SMALL_N" --latency 0
small=$(export_once xlsx "$work/small.xlsx")

echo "Run: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores (load average before: $(cut -d' ' -f1-3 /proc/loadavg)),"
echo "sandbox latency 0, $N candidates ($rows rows), $PAIRS pairs in alternating order."
echo
echo "| | median wall time | each pair |"
echo "|---|---:|---|"
echo "| \`export candidates -o csv\` | $(median "${csv_times[@]}") s | ${csv_times[*]} |"
echo "| \`export candidates -o xlsx\` | $(median "${xlsx_times[@]}") s | ${xlsx_times[*]} |"
echo "| xlsx / csv | **$(median "${ratios[@]}")x** (goal at most 1.5x) | ${ratios[*]} |"
echo
echo "| candidates | xlsx size | peak RSS of \`export candidates -o xlsx\` |"
echo "|---:|---:|---:|"
echo "| $SMALL_N | $(stat -c %s "$work/small.xlsx") B | $((${small#* } / 1024)) MiB (${small#* } kB) |"
echo "| $N | $(stat -c %s "$work/out.xlsx") B | $((big_rss / 1024)) MiB ($big_rss kB) |"
