#!/usr/bin/env bash
# Loads the same LoomScope service with ApacheBench (ab), wrk and `loomscope load`, interleaved,
# and prints each one's figures and the ratio load / ab. A manual benchmark, not part of the tests.
# Needs ab and wrk:  sudo apt-get install apache2-utils wrk
# Usage: scripts/compare-with-ab.sh [ROUNDS]   (default 3; medians are printed)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"
for tool in ab wrk curl; do
  command -v "$tool" >/dev/null || { echo "compare-with-ab: $tool is missing (sudo apt-get install apache2-utils wrk curl)" >&2; exit 1; }
done

fixed_port=18180
virtual_port=18181
"$root/loomscope" serve --executor fixed --pool 10 --port "$fixed_port" >/dev/null &
fixed_pid=$!
"$root/loomscope" serve --executor virtual --port "$virtual_port" >/dev/null &
virtual_pid=$!
trap 'kill "$fixed_pid" "$virtual_pid" 2>/dev/null || true' EXIT
for port in "$fixed_port" "$virtual_port"; do
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
done

json_field() { grep -o "\"$1\":[0-9.]*" | head -1 | cut -d: -f2; }
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

# Warm both servers up, as a service under load would be.
for port in "$fixed_port" "$virtual_port"; do
  ab -q -n 500 -c 50 "http://127.0.0.1:$port/block?ms=0" >/dev/null 2>&1
done

declare -A results
for round in $(seq "$rounds"); do
  for server in fixed virtual; do
    port=$([ "$server" = fixed ] && echo "$fixed_port" || echo "$virtual_port")
    url="http://127.0.0.1:$port/block?ms=100"
    ab_out="$(ab -q -n 2000 -c 100 "$url" 2>&1)"
    results[$server,ab,rps]+="$(awk '/Requests per second/ {print $4}' <<<"$ab_out") "
    results[$server,ab,mean]+="$(awk '/Time per request/ && /\(mean\)/ {print $4; exit}' <<<"$ab_out") "
    results[$server,ab,p99]+="$(awk '$1 == "99%" {print $2}' <<<"$ab_out") "
    load_out="$("$root/loomscope" load --url "$url" -c 100 -n 2000 --json)"
    results[$server,load,rps]+="$(json_field throughput <<<"$load_out") "
    results[$server,load,mean]+="$(json_field meanMs <<<"$load_out") "
    results[$server,load,p99]+="$(json_field p99Ms <<<"$load_out") "
  done
done

echo "2,000 requests x 100 connections on /block?ms=100, medians of $rounds interleaved rounds"
printf "%-10s %-6s %12s %12s %12s\n" server client "req/s" "mean ms" "p99 ms"
for server in fixed virtual; do
  for client in ab load; do
    printf "%-10s %-6s %12.1f %12.1f %12.1f\n" "$server" "$client" \
      "$(tr ' ' '\n' <<<"${results[$server,$client,rps]}" | grep . | median)" \
      "$(tr ' ' '\n' <<<"${results[$server,$client,mean]}" | grep . | median)" \
      "$(tr ' ' '\n' <<<"${results[$server,$client,p99]}" | grep . | median)"
  done
  ab_rps="$(tr ' ' '\n' <<<"${results[$server,ab,rps]}" | grep . | median)"
  load_rps="$(tr ' ' '\n' <<<"${results[$server,load,rps]}" | grep . | median)"
  awk -v a="$ab_rps" -v l="$load_rps" -v s="$server" 'BEGIN {printf "%-10s load / ab throughput: %.3f\n", s, l / a}'
done

echo
echo "wrk -c40 -d10s on /block?ms=300 (virtual): the ceiling is 40 / 0.3 s = 133 req/s"
wrk -c40 -t2 -d10s "http://127.0.0.1:$virtual_port/block?ms=300" | grep -E "Requests/sec|Latency"
"$root/loomscope" load --url "http://127.0.0.1:$virtual_port/block?ms=300" -c 40 -d 10s | grep -E "throughput|latency|ceiling"
