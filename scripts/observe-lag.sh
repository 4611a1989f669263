#!/usr/bin/env bash
# How late JFR's events reach `loomscope attach --jmx`: for every event, the time it arrived in the
# observer minus its end time in the target (one machine, one clock). The target is
# `loomscope serve --executor virtual` with the JDK's JMX agent on loopback, under `loomscope load`
# (a virtual thread per request: a steady flow of jdk.VirtualThreadStart/End). Rounds alternate the
# observer's pace: "fast" (LoomScope wakes the stream's sleepers on its side) and "jdk" (--jdk-pace,
# the stream as the JDK runs it). Prints each round's median, 90th percentile and most, then the
# medians over rounds. A manual benchmark, not a test.
# Usage: scripts/observe-lag.sh [ROUNDS] [SECONDS]   (defaults: 5, 10)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-5}"
seconds="${2:-10}"
port=18191
jmx=18192
tmp="$(mktemp -d)"

jdk="$("$root/loomscope" --check-jdk | sed 's/^LoomScope uses the JDK at //')"
"$root/loomscope" --version >/dev/null
cp "$root/target/loomscope.jar" "$tmp/loomscope.jar"
loomscope() { "$jdk/bin/java" -jar "$tmp/loomscope.jar" "$@"; }

"$jdk/bin/java" -Dcom.sun.management.jmxremote.port=$jmx -Dcom.sun.management.jmxremote.rmi.port=$jmx \
  -Dcom.sun.management.jmxremote.host=127.0.0.1 -Djava.rmi.server.hostname=127.0.0.1 \
  -Dcom.sun.management.jmxremote.authenticate=false -Dcom.sun.management.jmxremote.ssl=false \
  -jar "$tmp/loomscope.jar" serve --executor virtual --port "$port" >/dev/null &
server=$!
load=
trap 'kill $load "$server" 2>/dev/null || true; wait $load "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 150); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
loomscope load --url "http://127.0.0.1:$port/block?ms=5" -c 4 -d "$((rounds * 2 * (seconds + 8) + 30))s" --warmup 0s >/dev/null 2>&1 &
load=$!
sleep 3

median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
# "  JFR lag  events arrived 0.52 s after ... (median of 1,234; 90% within 0.91 s, at most 1.02 s)" -> "0.52 0.91 1.02"
lag_of() { sed -n 's/.*arrived \([0-9.]*\) s after.*within \([0-9.]*\) s, at most \([0-9.]*\) s.*/\1 \2 \3/p'; }

fast=(); slow=()
for round in $(seq "$rounds"); do
  for pace in fast jdk; do
    [ $((round % 2)) -eq 0 ] && pace=$([ "$pace" = fast ] && echo jdk || echo fast)
    extra=(); [ "$pace" = jdk ] && extra=(--jdk-pace)
    line="$(loomscope attach --jmx "127.0.0.1:$jmx" --duration "${seconds}s" ${extra[@]+"${extra[@]}"} 2>&1 | grep 'JFR lag')"
    read -r p50 p90 max <<<"$(lag_of <<<"$line")"
    echo "round $round $pace: median $p50 s, 90% $p90 s, max $max s"
    if [ "$pace" = fast ]; then fast+=("$p50 $p90 $max"); else slow+=("$p50 $p90 $max"); fi
  done
done
for pace in fast jdk; do
  if [ "$pace" = fast ]; then rows=("${fast[@]}"); else rows=("${slow[@]}"); fi
  printf '%s: median of the rounds: median %s s, 90%% %s s, max %s s\n' "$pace" \
    "$(printf '%s\n' "${rows[@]}" | awk '{print $1}' | median)" "$(printf '%s\n' "${rows[@]}" | awk '{print $2}' | median)" \
    "$(printf '%s\n' "${rows[@]}" | awk '{print $3}' | median)"
done
