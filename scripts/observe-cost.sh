#!/usr/bin/env bash
# What observing costs the observed program: `loomscope serve --executor virtual` under `loomscope load`,
# with and without `loomscope attach` observing it, in interleaved pairs (the order alternates each
# round), medians printed. Also the server's CPU per 1,000 requests (from /proc: what the enabled
# events and the MXBean reads cost it) and the observer's own CPU. A manual benchmark, not a test.
# Usage: scripts/observe-cost.sh [ROUNDS] [SECONDS] [URL_PATH]   (defaults: 5, 5, /block?ms=1)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-5}"
seconds="${2:-5}"
path="${3:-/block?ms=1}"
connections=50
port=18190
tmp="$(mktemp -d)"
ticks_per_second="$(getconf CLK_TCK)"

# Every JVM runs a copy of the jar, so that editing the sources meanwhile (./loomscope rebuilds) changes nothing.
jdk="$("$root/loomscope" --check-jdk | sed 's/^LoomScope uses the JDK at //')"
"$root/loomscope" --version >/dev/null
cp "$root/target/loomscope.jar" "$tmp/loomscope.jar"
loomscope() { "$jdk/bin/java" -jar "$tmp/loomscope.jar" "$@"; }

"$jdk/bin/java" -jar "$tmp/loomscope.jar" serve --executor virtual --port "$port" >/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 150); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
url="http://127.0.0.1:$port$path"

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
json_field() { grep -o "\"$1\":[0-9.]*" | head -1 | cut -d: -f2; }
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

# One load run; prints "throughput server_cpu_ms_per_1000_requests".
measure() {
  local before after out answered
  before="$(cpu_ticks "$server")"
  out="$(loomscope load --url "$url" -c "$connections" -d "${seconds}s" --warmup 0s --json)"
  after="$(cpu_ticks "$server")"
  answered="$(json_field answered <<<"$out")"
  echo "$(awk -v r="$(json_field throughput <<<"$out")" 'BEGIN {printf "%.0f", r}') $(awk -v t=$((after - before)) -v hz="$ticks_per_second" -v n="$answered" 'BEGIN {printf "%.1f", t * 1000 / hz / n * 1000}')"
}

# A warm-up, counted nowhere: the server's JIT compiles its request path first.
loomscope load --url "$url" -c "$connections" -d 5s --warmup 0s >/dev/null

plain_rps=(); plain_cpu=(); observed_rps=(); observed_cpu=(); observer_cpu=(); events=()
run_plain() { read -r rps cpu <<<"$(measure)"; plain_rps+=("$rps"); plain_cpu+=("$cpu"); }
run_observed() {
  "$jdk/bin/java" -jar "$tmp/loomscope.jar" attach "$server" --json >"$tmp/summary.json" 2>"$tmp/attach.err" &
  local observer=$! start_ticks end_ticks
  for _ in $(seq 600); do grep -q '^Observing' "$tmp/attach.err" 2>/dev/null && break; sleep 0.1; done
  if ! grep -q '^Observing' "$tmp/attach.err"; then
    echo "observe-cost: the observer did not start: $(cat "$tmp/attach.err")" >&2
    exit 1
  fi
  start_ticks="$(cpu_ticks "$observer")"
  local started; started="$(date +%s%N)"
  read -r rps cpu <<<"$(measure)"
  end_ticks="$(cpu_ticks "$observer")"
  local elapsed; elapsed="$(awk -v n="$(date +%s%N)" -v s="$started" 'BEGIN {print (n - s) / 1e9}')"
  kill -TERM "$observer" # runs its shutdown hook, as Ctrl+C does (a background job of a script ignores SIGINT)
  wait "$observer" || true
  observed_rps+=("$rps"); observed_cpu+=("$cpu")
  observer_cpu+=("$(awk -v t=$((end_ticks - start_ticks)) -v hz="$ticks_per_second" -v s="$elapsed" 'BEGIN {printf "%.1f", t / hz / s * 100}')")
  events+=("$(json_field virtualThreadStarts <"$tmp/summary.json")/$(json_field durationMs <"$tmp/summary.json")")
}

for round in $(seq "$rounds"); do
  if (( round % 2 )); then run_plain; run_observed; else run_observed; run_plain; fi
  echo "round $round: plain ${plain_rps[-1]} req/s (${plain_cpu[-1]} ms CPU/1k req), observed ${observed_rps[-1]} req/s" \
       "(${observed_cpu[-1]} ms CPU/1k req), observer ${observer_cpu[-1]} % of a core, starts/ms ${events[-1]}" >&2
done

echo "GET $path from $connections connections, ${seconds} s per run, $rounds interleaved pairs, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "  throughput, not observed   median $(printf '%s\n' "${plain_rps[@]}" | median) req/s   (runs: ${plain_rps[*]})"
echo "  throughput, observed       median $(printf '%s\n' "${observed_rps[@]}" | median) req/s   (runs: ${observed_rps[*]})"
echo "  server CPU, not observed   median $(printf '%s\n' "${plain_cpu[@]}" | median) ms per 1,000 requests"
echo "  server CPU, observed       median $(printf '%s\n' "${observed_cpu[@]}" | median) ms per 1,000 requests"
echo "  observer's own CPU         median $(printf '%s\n' "${observer_cpu[@]}" | median) % of one core while observing"
