#!/usr/bin/env bash
# compare.sh OLD NEW: the example server built at two git revisions, each
# run with its defaults (access log on, to a file), loaded side by side
# (one wrk each, at the same time, both servers on core 0), on the API's
# endpoints in identity and with a browser's Accept-Encoding. For each,
# the median over ROUNDS of the CPU time per request of each build and of
# old/new (above 1: the new build is cheaper).
#
#   DURATION=5s ROUNDS=3 bash examples/server/loadtest/compare.sh 4fc9da6 HEAD
#
# The builds come from each revision's files (git archive) in a scratch
# directory, so the checkout is left as it is; the servers listen on
# 127.0.0.1, ports PORT_BASE and PORT_BASE+1, and are stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../../.."
[ $# = 2 ] || { echo "usage: compare.sh OLD-REVISION NEW-REVISION" >&2; exit 2; }

DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-32}
ROUNDS=${ROUNDS:-3}
PORT_BASE=${PORT_BASE:-18600}
OLD=127.0.0.1:$PORT_BASE
NEW=127.0.0.1:$((PORT_BASE + 1))
BROWSER_AE="gzip, deflate, br, zstd"
PATHS=(${PATHS:-/api/v2/theme/component-defs/ /api/v2/theme/ /api/v2/theme/config/ /api/v2/theme/colors/ /theme.css})

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
declare -A pid_of

for side in old new; do
  rev=$1
  [ "$side" = new ] && rev=$2
  mkdir "$tmp/src-$side"
  git archive "$rev" | tar -x -C "$tmp/src-$side"
  (cd "$tmp/src-$side" && go build -o "$tmp/server-$side" ./examples/server)
done
for addr in "$OLD" "$NEW"; do
  if (exec 3<>"/dev/tcp/${addr%:*}/${addr#*:}") 2>/dev/null; then
    echo "compare.sh: $addr is in use; set PORT_BASE" >&2
    exit 1
  fi
done
"${server_cpu[@]}" "$tmp/server-old" -addr "$OLD" 2>"$tmp/old.log" &
pids+=($!) && pid_of[$OLD]=$!
"${server_cpu[@]}" "$tmp/server-new" -addr "$NEW" -media-url "http://$OLD/media/" 2>"$tmp/new.log" &
pids+=($!) && pid_of[$NEW]=$!
for addr in "$OLD" "$NEW"; do
  for _ in $(seq 100); do curl -fs "http://$addr/api/v2/theme/" >/dev/null 2>&1 && break; sleep 0.1; done
done

echo "old $1 ($(git rev-parse --short "$1")), new $2 ($(git rev-parse --short "$2")); wrk -t1 -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, medians; $(go version | awk '{print $3}')"
printf '%-30s %-9s %9s %9s %8s\n' endpoint coding old-us new-us old:new
for path in "${PATHS[@]}"; do
  for coding in identity br; do
    ae=()
    [ "$coding" = br ] && ae=(-H "Accept-Encoding: $BROWSER_AE")
    co=() cn=() cr=()
    for _ in $(seq "$ROUNDS"); do
      read -r _ _ c1 c2 < <(side_by_side "$OLD" "$NEW" "$path" "${ae[@]}")
      co+=("$c1") cn+=("$c2") cr+=("$(ratio "$c1" "$c2")")
    done
    printf '%-30s %-9s %9.2f %9.2f %8.3f\n' "$path" "$coding" "$(median "${co[@]}")" "$(median "${cn[@]}")" "$(median "${cr[@]}")"
  done
done
