# Shared by the shell benches (run.sh, xlsx.sh): source it after `set -euo pipefail`.
# Sets here, root, bin (the release build), work (a temporary directory removed at exit, with
# the sandbox started by start_sandbox); defines say, need_tools, build_release, start_sandbox.

here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/.." && pwd)
bin="${RECRUIT_BIN:-$root/target/release/recruit}"  # RECRUIT_BIN: another build
work=$(mktemp -d "${TMPDIR:-/tmp}/recruit-bench.XXXXXX")
sandbox_pid=""

stop_sandbox() {
  if [ -n "$sandbox_pid" ]; then kill "$sandbox_pid" 2>/dev/null || true; wait "$sandbox_pid" 2>/dev/null || true; fi
  sandbox_pid=""
}
cleanup() { stop_sandbox; rm -rf "$work"; }
trap cleanup EXIT

say() { printf '>> %s\n' "$*" >&2; }

# need_tools CMD... : installs the Debian packages of the commands missing (time for /usr/bin/time).
need_tools() {
  local need=() t
  for t in "$@"; do
    if [ "$t" = time ]; then [ -x /usr/bin/time ] || need+=(time); else command -v "$t" >/dev/null || need+=("$t"); fi
  done
  if [ ${#need[@]} -gt 0 ]; then
    say "installing ${need[*]}"
    local sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
  fi
}

build_release() {
  if [ "${NO_BUILD:-}" != 1 ]; then
    say "cargo build --release"
    (cd "$root" && cargo build --release --quiet)
  fi
}

# start_sandbox NAME ARGS... : stops the sandbox started before, starts `recruit sandbox ARGS`
# with its state in $work/NAME, and sets base (and key) from what it prints.
start_sandbox() {
  local name=$1; shift
  stop_sandbox
  rm -f "$work/$name.out"
  "$bin" sandbox --port 0 --state "$work/$name.json" "$@" > "$work/$name.out" 2> /dev/null &
  sandbox_pid=$!
  for _ in $(seq 300); do grep -q '^base_url:' "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
  base=$(sed -n 's/^base_url: //p' "$work/$name.out")
  key=$(sed -n 's/^api_key: //p' "$work/$name.out")
  [ -n "$base" ] || { echo "the sandbox did not start" >&2; exit 1; }
}
