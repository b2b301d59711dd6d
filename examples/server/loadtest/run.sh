#!/usr/bin/env bash
# Load test of the example server with wrk (Debian package "wrk"): each
# endpoint's requests per second as a ratio against a minimal net/http
# handler writing the same bytes (./baseline), all measured in the same
# run, alternating, on loopback.
#
#   bash examples/server/loadtest/run.sh            # 10 s per measurement, 3 rounds
#   DURATION=5s ROUNDS=2 bash examples/server/loadtest/run.sh
#
# Four servers are measured: the example server as run by default (access
# log to a file), the same with -access-log=false (the adapter alone), the
# baseline sending the same headers and body (the same bytes on the wire:
# the primary yardstick) and the baseline sending the body with only
# Content-Type. When taskset is present the servers share core 0 and wrk
# has core 1, which steadies the figures on a 2-core machine.
#
# Every request loop is bounded by wrk's -d; the servers listen on
# 127.0.0.1 only and are stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../../.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
ROUNDS=${ROUNDS:-3}
LOGGED=127.0.0.1:18000
QUIET=127.0.0.1:18002
SAME=127.0.0.1:18001
BARE=127.0.0.1:18003

# wrk (installed when missing), CPU pinning, a scratch directory and
# the cleanup of started servers.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

go build -o "$tmp/server" ./examples/server
go build -o "$tmp/baseline" ./examples/server/loadtest/baseline

ready() {
  for _ in $(seq 100); do
    curl -fs "http://$1/api/v2/theme/" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "no server at $1" >&2
  exit 1
}
"${server_cpu[@]}" "$tmp/server" -addr "$LOGGED" 2>"$tmp/access.log" &
pids+=($!)
ready "$LOGGED"
"${server_cpu[@]}" "$tmp/server" -addr "$QUIET" -media-url "http://$LOGGED/media/" -access-log=false 2>/dev/null &
pids+=($!)
"${server_cpu[@]}" "$tmp/baseline" -addr "$SAME" -from "http://$LOGGED" -same-headers >/dev/null &
pids+=($!)
"${server_cpu[@]}" "$tmp/baseline" -addr "$BARE" -from "http://$LOGGED" >/dev/null &
pids+=($!)
ready "$QUIET"
ready "$SAME"
ready "$BARE"

rps() { # url -> requests per second
  "${client_cpu[@]}" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$1" | awk '/^Requests\/sec:/ {print $2}'
}

echo "wrk -t1 -c$CONNECTIONS -d$DURATION, $ROUNDS rounds alternating; $(nproc) cores${server_cpu:+, servers on core 0 and wrk on core 1}; $(go version | cut -d' ' -f3)"
printf '%-30s %10s %10s %10s %10s %8s %8s %8s\n' endpoint same/s bare/s quiet/s logged/s quiet:s logged:s quiet:b
for path in /api/v2/theme/component-defs/ /api/v2/theme/ /api/v2/theme/config/; do
  sum_same=0 sum_bare=0 sum_quiet=0 sum_logged=0
  for _ in $(seq "$ROUNDS"); do
    sum_same=$(awk -v a="$sum_same" -v b="$(rps "http://$SAME$path")" 'BEGIN {print a + b}')
    sum_quiet=$(awk -v a="$sum_quiet" -v b="$(rps "http://$QUIET$path")" 'BEGIN {print a + b}')
    sum_bare=$(awk -v a="$sum_bare" -v b="$(rps "http://$BARE$path")" 'BEGIN {print a + b}')
    sum_logged=$(awk -v a="$sum_logged" -v b="$(rps "http://$LOGGED$path")" 'BEGIN {print a + b}')
  done
  awk -v p="$path" -v s="$sum_same" -v b="$sum_bare" -v q="$sum_quiet" -v l="$sum_logged" -v n="$ROUNDS" \
    'BEGIN {printf "%-30s %10.0f %10.0f %10.0f %10.0f %8.2f %8.2f %8.2f\n", p, s/n, b/n, q/n, l/n, q/s, l/s, q/b}'
done
echo "same: baseline, same headers and body; bare: baseline, body and Content-Type only;"
echo "quiet: example server -access-log=false; logged: example server as run by default"
echo "access log lines written by the logged server: $(wc -l <"$tmp/access.log")"
