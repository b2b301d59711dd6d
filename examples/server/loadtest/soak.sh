#!/usr/bin/env bash
# Soak test of the example server with wrk (Debian package "wrk", installed
# when missing): SOAK (default 60s) of 256 connections cycling through the
# three API endpoints and /theme.css as several demo users (soak.lua),
# while the served data is rewritten every RELOAD_EVERY seconds (default
# 5; 0 for never), in turn a valid version, another valid version and a
# broken one, which the server's poller reloads or refuses. Reports the
# requests, the non-2xx responses, the socket errors, the latency and the
# server's resident memory (VmRSS from /proc) at the start, every 10 s,
# and at the end, with its peak. Exits non-zero on any non-2xx
# response or socket error.
#
#   bash examples/server/loadtest/soak.sh
#   SOAK=300s CONNECTIONS=512 bash examples/server/loadtest/soak.sh
#
# The server listens on 127.0.0.1 only, without its access log (it would
# be millions of lines; its other log goes to a temporary file, and the
# reloads it logged are counted); every loop is bounded by SOAK, and the
# server is stopped on exit. When taskset is present and there are two
# cores or more, the server has core 0 and wrk core 1.
set -euo pipefail
cd "$(dirname "$0")/../../.."

SOAK=${SOAK:-60s}
CONNECTIONS=${CONNECTIONS:-256}
THREADS=${THREADS:-1}
RELOAD_EVERY=${RELOAD_EVERY:-5}
ADDR=${ADDR:-127.0.0.1:18100}

case "$ADDR" in
127.0.0.1:* | localhost:* | "[::1]":*) ;;
*) echo "soak: ADDR must be a loopback address, not $ADDR" >&2; exit 2 ;;
esac
seconds=$(awk -v d="$SOAK" 'BEGIN { n = d + 0; if (d ~ /m$/) n *= 60; if (d ~ /h$/) n *= 3600; print int(n) }')
if [ "$seconds" -lt 1 ]; then
  echo "soak: SOAK=$SOAK is not a duration (60s, 5m)" >&2
  exit 2
fi

# wrk (installed when missing), CPU pinning, a scratch directory and
# the cleanup of started servers.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

go build -o "$tmp/server" ./examples/server
mkdir "$tmp/data"
cp -r theming/defaultdata/. "$tmp/data/"
cp "$tmp/data/themes.json" "$tmp/themes-a.json"
sed 's/"name": "Harbor"/"name": "Harbor (soak)"/' "$tmp/themes-a.json" >"$tmp/themes-b.json"
sed 's/"nav-bar": {/"nav-barr": {/' "$tmp/themes-a.json" >"$tmp/themes-broken.json"
cmp -s "$tmp/themes-a.json" "$tmp/themes-b.json" && { echo "soak: could not make version b" >&2; exit 1; }
cmp -s "$tmp/themes-a.json" "$tmp/themes-broken.json" && { echo "soak: could not make the broken version" >&2; exit 1; }

"${server_cpu[@]}" "$tmp/server" -addr "$ADDR" -data "$tmp/data" -access-log=false 2>"$tmp/server.log" &
server=$!
pids+=("$server")
for _ in $(seq 100); do
  curl -fs "http://$ADDR/api/v2/theme/" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fs "http://$ADDR/api/v2/theme/" >/dev/null || { echo "soak: no server at $ADDR" >&2; cat "$tmp/server.log" >&2; exit 1; }

rss() { awk -v k="$2:" '$1 == k {print $2}' "/proc/$1/status"; }
# Warm the server up (every path, every user) before the first reading.
for p in /api/v2/theme/component-defs/ /api/v2/theme/ /api/v2/theme/config/ /theme.css; do
  for u in "" alice bob carol mallory; do curl -fs -H "X-Demo-User: $u" "http://$ADDR$p" >/dev/null; done
done
rss_start=$(rss "$server" VmRSS)

echo "soak: wrk -t$THREADS -c$CONNECTIONS -d$SOAK --latency -s soak.lua on http://$ADDR; $(nproc) cores${server_cpu:+, server on core 0 and wrk on core 1}; $(go version | cut -d' ' -f3)"
echo "soak: server VmRSS at start ${rss_start} kB; data rewritten every ${RELOAD_EVERY}s (0: never)"

# Rewrite the data in turn: b, broken, a, b, broken, a, ... (rename, as
# editors do), bounded by the soak's duration.
if [ "$RELOAD_EVERY" -gt 0 ]; then
  (
    versions=(b broken a)
    end=$((SECONDS + seconds))
    i=0
    while [ $((SECONDS + RELOAD_EVERY)) -lt "$end" ]; do
      sleep "$RELOAD_EVERY"
      cp "$tmp/themes-${versions[i % 3]}.json" "$tmp/data/.themes.json.tmp"
      mv "$tmp/data/.themes.json.tmp" "$tmp/data/themes.json"
      i=$((i + 1))
    done
    echo "$i" >"$tmp/rewrites"
  ) &
  pids+=($!)
fi
# Sample the server's memory every 10 s while wrk runs.
: >"$tmp/rss"
(
  end=$((SECONDS + seconds))
  while [ "$SECONDS" -lt "$end" ]; do
    sleep 10
    [ "$SECONDS" -le "$end" ] && echo "$SECONDS $(rss "$server" VmRSS)" >>"$tmp/rss"
  done
) &
pids+=($!)

timeout $((seconds + 60)) "${client_cpu[@]}" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$SOAK" --latency \
  -s examples/server/loadtest/soak.lua "http://$ADDR/" >"$tmp/wrk.txt" || true
rss_end=$(rss "$server" VmRSS)
# VmHWM is updated lazily by the kernel and can lag a sample: the peak is
# the larger of it and every reading.
rss_peak=$(awk -v p="$(rss "$server" VmHWM)" -v e="$rss_end" \
  'BEGIN {if (e > p) p = e} $2 > p {p = $2} END {print p}' "$tmp/rss")
sleep 1 # the last rewrite's reload, if any, before the log is read

sed 's/^/  /' "$tmp/wrk.txt"
summary=$(grep '^soak: requests' "$tmp/wrk.txt" || true)
[ -n "$summary" ] || { echo "soak: wrk did not finish" >&2; exit 1; }
echo "soak: server VmRSS during the run (kB, every 10 s): $(awk '{printf "%s ", $2}' "$tmp/rss")"
echo "soak: server VmRSS at start ${rss_start} kB, at end ${rss_end} kB, peak ${rss_peak} kB"
echo "soak: data rewrites $(cat "$tmp/rewrites" 2>/dev/null || echo 0); the server logged $(grep -c 'data reloaded' "$tmp/server.log" || true) reloads and $(grep -c 'data not reloaded' "$tmp/server.log" || true) problems of refused versions"
echo "$summary"
kill -0 "$server" 2>/dev/null || { echo "soak: the server died" >&2; exit 1; }
# "soak: requests N, non-2xx N, socket errors connect N read N write N timeout N"
bad=$(echo "$summary" | awk '{gsub(",", ""); print $5 + $9 + $11 + $13 + $15}')
if [ "$bad" != 0 ]; then
  echo "soak: FAIL: non-2xx responses or socket errors" >&2
  exit 1
fi
echo "soak: OK"
