#!/usr/bin/env bash
# The cost of CORS, with wrk: the example server run with -cors-origin
# (httpadapter.Options.CORS) against the same server without it, both
# loaded with requests that carry an allowed Origin, as a page on another
# origin sends them, for each endpoint, identity and compressed (a
# browser's Accept-Encoding). Two measurements:
#
#   alternating  requests per second and server CPU time per request, one
#                server after the other, median of ROUNDS rounds;
#   side by side both servers on core 0 loaded at the same time by two wrk
#                processes, so whatever else runs on the machine slows both
#                alike: each server's CPU time per request in the same
#                seconds (as run.sh's logcost section measures logging).
#
#   bash examples/server/loadtest/cors.sh
#   DURATION=5s ROUNDS=1 bash examples/server/loadtest/cors.sh
#   SECTIONS=side bash examples/server/loadtest/cors.sh   # alternating, side (default: both)
#
# The servers listen on 127.0.0.1 only, share core 0 (wrk has core 1) when
# taskset is there, and are stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../../.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
ROUNDS=${ROUNDS:-3}
ORIGIN=http://app.example.test
OFF=127.0.0.1:18010
ON=127.0.0.1:18011
PATHS=(/api/v2/theme/component-defs/ /api/v2/theme/ /api/v2/theme/config/ /api/v2/theme/colors/ /theme.css)
BROWSER_AE="gzip, deflate, br, zstd"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
declare -A pid_of

go build -o "$tmp/server" ./examples/server
"${server_cpu[@]}" "$tmp/server" -addr "$OFF" -access-log=false 2>/dev/null &
pids+=($!)
pid_of[$OFF]=$!
"${server_cpu[@]}" "$tmp/server" -addr "$ON" -access-log=false -cors-origin "$ORIGIN" 2>/dev/null &
pids+=($!)
pid_of[$ON]=$!
for a in "$OFF" "$ON"; do
  for _ in $(seq 100); do curl -fs "http://$a/api/v2/theme/" >/dev/null 2>&1 && break; sleep 0.1; done
done
acao=$(curl -s -D - -o /dev/null -H "Origin: $ORIGIN" "http://$ON/api/v2/theme/" | tr -d '\r' | awk 'tolower($1) == "access-control-allow-origin:" {print $2}')
[ "$acao" = "$ORIGIN" ] || { echo "the CORS server does not allow $ORIGIN (got '$acao')" >&2; exit 1; }

run() { # addr path [extra header] -> "requests/s cpu-us-per-request"
  local pid=${pid_of[$1]} before after out args=(-t1 -c"$CONNECTIONS" -d"$DURATION" -H "Origin: $ORIGIN")
  if [ $# -ge 3 ]; then args+=(-H "$3"); fi
  before=$(cpu_ticks "$pid")
  out=$("${client_cpu[@]}" wrk "${args[@]}" "http://$1$2")
  after=$(cpu_ticks "$pid")
  awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" \
    '/ requests in / {n = $1} /^Requests\/sec:/ {r = $2} END {printf "%s %.3f\n", r, (n > 0 ? t * 1e6 / hz / n : 0)}' <<<"$out"
}

echo "wrk -t1 -c$CONNECTIONS -d$DURATION -H 'Origin: $ORIGIN', $ROUNDS rounds alternating; $(nproc) cores${server_cpu:+, servers on core 0 and wrk on core 1}; $(go version | cut -d' ' -f3)"
SECTIONS=${SECTIONS:-alternating side}
for mode in identity compressed; do
  [[ " $SECTIONS " == *" alternating "* ]] || break
  echo
  echo "$mode:"
  printf '%-30s %10s %10s %8s %9s %9s %8s\n' endpoint off/s on/s on:off off-us on-us cpu-on:off
  for path in "${PATHS[@]}"; do
    ro=() rn=() rr=() co=() cn=() cr=()
    for _ in $(seq "$ROUNDS"); do
      if [ "$mode" = compressed ]; then
        read -r r_off c_off <<<"$(run "$OFF" "$path" "Accept-Encoding: $BROWSER_AE")"
        read -r r_on c_on <<<"$(run "$ON" "$path" "Accept-Encoding: $BROWSER_AE")"
      else
        read -r r_off c_off <<<"$(run "$OFF" "$path")"
        read -r r_on c_on <<<"$(run "$ON" "$path")"
      fi
      ro+=("$r_off") rn+=("$r_on") rr+=("$(ratio "$r_on" "$r_off")")
      co+=("$c_off") cn+=("$c_on") cr+=("$(ratio "$c_off" "$c_on")")
    done
    printf '%-30s %10.0f %10.0f %8.3f %9.2f %9.2f %8.3f\n' "$path" \
      "$(median "${ro[@]}")" "$(median "${rn[@]}")" "$(median "${rr[@]}")" \
      "$(median "${co[@]}")" "$(median "${cn[@]}")" "$(median "${cr[@]}")"
  done
done
echo
echo "on:off is throughput with CORS over without (1 = free); cpu-on:off is CPU per request without over with (1 = free)."

[[ " $SECTIONS " == *" side "* ]] || exit 0
echo
echo "side by side (both loaded at once, CPU time per request in microseconds; ratio off/on, 1 = free; median of $ROUNDS rounds):"
for mode in identity compressed; do
  echo "$mode:"
  printf '%-30s %10s %10s %10s\n' endpoint off-us on-us cpu-on:off
  for path in "${PATHS[@]}"; do
    co=() cn=() rr=()
    for _ in $(seq "$ROUNDS"); do
      extra=()
      if [ "$mode" = compressed ]; then extra=(-H "Accept-Encoding: $BROWSER_AE"); fi
      read -r _ _ o n < <(side_by_side "$OFF" "$ON" "$path" -H "Origin: $ORIGIN" "${extra[@]}")
      co+=("$o") cn+=("$n")
      rr+=("$(ratio "${co[-1]}" "${cn[-1]}")")
    done
    printf '%-30s %10.2f %10.2f %10.3f\n' "$path" "$(median "${co[@]}")" "$(median "${cn[@]}")" "$(median "${rr[@]}")"
  done
done
