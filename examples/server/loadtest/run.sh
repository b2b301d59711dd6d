#!/usr/bin/env bash
# Load test of the example server with wrk (Debian package "wrk"): each
# endpoint's requests per second as a ratio against a minimal net/http
# handler writing the same bytes (./baseline), all measured in the same
# run, alternating, on loopback; p50/p99 latencies; and conditional GETs
# (304) against full GETs.
#
#   bash examples/server/loadtest/run.sh            # 10 s per measurement, 3 rounds
#   DURATION=5s ROUNDS=2 bash examples/server/loadtest/run.sh
#   SECTIONS="sizes compressed" bash examples/server/loadtest/run.sh
#   PORT_BASE=18400 bash examples/server/loadtest/run.sh   # ports 18400-18408 (default 18000-18008)
#   PATHS="/api/v2/theme/config/" bash examples/server/loadtest/run.sh   # these paths only
#
# SECTIONS picks what runs (default: all of them):
#   sizes        bytes per endpoint in identity, gzip, br and zstd as the
#                example server sends them, and gzip -9 of the identity body
#   identity     requests without Accept-Encoding (identity bodies)
#   compressed   requests with a browser's Accept-Encoding: gzip, deflate,
#                br, zstd (precompressed bodies)
#   logcost      the logging cost measured side by side: the default server
#                and the one with -access-log=false loaded at the same time
#                by two wrk processes, both servers on core 0, so whatever
#                else runs on the machine slows both alike; the figure is
#                each server's CPU time per request in the same seconds
#   conditional  If-None-Match answered 304 against a full GET
#   sidebyside   the goals: the default server (access log on) against
#                its yardstick, the baseline writing the same bytes and
#                headers in the example server's http.Server with the same
#                access log (baseline -timeouts -access-log), and the bare
#                adapter against the baseline in http.ListenAndServe's
#                server; each pair loaded at the same time by two wrk
#                processes, both servers on core 0, in identity and with a
#                browser's Accept-Encoding: requests per second and CPU
#                time per request of each in the same seconds, so whatever
#                else runs on the machine slows both alike (the alternating
#                sections swing by more than the differences measured when
#                other work shares the cores); the median of the rounds'
#                CPU ratios and their range. The access lines of the
#                example server and of its yardstick are checked to be the
#                same but for their time and duration.
#
# Nine servers are measured: the example server as run by default (access
# log to a file through its buffered log), the same with -access-log=false
# (the adapter alone), the baseline sending the same headers and body (the
# same bytes on the wire: the primary yardstick) for identity requests,
# the baseline sending the body with only Content-Type, the baseline
# sending the same precompressed bytes and headers a browser gets, and the
# baseline writing the identity body through gzhttp (on-the-fly gzip, what
# a Go host without precompression would run), and (side by side only)
# the two same-bytes baselines again in the example server's http.Server,
# with its timeouts and its access log (-timeouts -access-log: the example
# server's yardstick), and (side by side only) the bare adapter:
# httpadapter's Adapter with the example server's options, mounted as
# README's quickstart mounts it in http.ListenAndServe's server (baseline
# -adapter), checked to send the same bytes. When taskset is present
# the servers share core 0 and wrk has core 1, which steadies the figures
# on a 2-core machine.
#
# Every request loop is bounded by wrk's -d; the servers listen on
# 127.0.0.1 only and are stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../../.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
ROUNDS=${ROUNDS:-3}
SECTIONS=${SECTIONS:-sizes identity compressed logcost sidebyside conditional}
BROWSER_AE="gzip, deflate, br, zstd"
PORT_BASE=${PORT_BASE:-18000} # the servers listen on 127.0.0.1, ports PORT_BASE to PORT_BASE+8
LOGGED=127.0.0.1:$PORT_BASE
QUIET=127.0.0.1:$((PORT_BASE + 2))
SAME=127.0.0.1:$((PORT_BASE + 1))
BARE=127.0.0.1:$((PORT_BASE + 3))
SAMEZ=127.0.0.1:$((PORT_BASE + 4))
GZHTTP=127.0.0.1:$((PORT_BASE + 5))
SAMET=127.0.0.1:$((PORT_BASE + 6))
SAMEZT=127.0.0.1:$((PORT_BASE + 7))
ADAPTER=127.0.0.1:$((PORT_BASE + 8))
PATHS=(${PATHS:-/api/v2/theme/component-defs/ /api/v2/theme/ /api/v2/theme/config/ /api/v2/theme/colors/ /theme.css})
section() { [[ " $SECTIONS " == *" $1 "* ]]; }

# wrk (installed when missing), CPU pinning, a scratch directory and
# the cleanup of started servers.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
declare -A pid_of # listen address -> server pid

go build -o "$tmp/server" ./examples/server
go build -o "$tmp/baseline" ./examples/server/loadtest/baseline

# Another run (or anything else) on these ports would be measured in place
# of this run's servers: refuse to start.
for addr in "$LOGGED" "$SAME" "$QUIET" "$BARE" "$SAMEZ" "$GZHTTP" "$SAMET" "$SAMEZT" "$ADAPTER"; do
  if (exec 3<>"/dev/tcp/${addr%:*}/${addr#*:}") 2>/dev/null; then
    echo "run.sh: $addr is in use (another load test?); set PORT_BASE" >&2
    exit 1
  fi
done

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
pid_of[$LOGGED]=$!
ready "$LOGGED"
"${server_cpu[@]}" "$tmp/server" -addr "$QUIET" -media-url "http://$LOGGED/media/" -access-log=false 2>/dev/null &
pids+=($!)
pid_of[$QUIET]=$!
"${server_cpu[@]}" "$tmp/baseline" -addr "$SAME" -from "http://$LOGGED" -same-headers >/dev/null &
pids+=($!)
pid_of[$SAME]=$!
"${server_cpu[@]}" "$tmp/baseline" -addr "$BARE" -from "http://$LOGGED" >/dev/null &
pids+=($!)
pid_of[$BARE]=$!
"${server_cpu[@]}" "$tmp/baseline" -addr "$SAMEZ" -from "http://$LOGGED" -same-headers -accept-encoding "$BROWSER_AE" >/dev/null &
pids+=($!)
pid_of[$SAMEZ]=$!
"${server_cpu[@]}" "$tmp/baseline" -addr "$GZHTTP" -from "http://$LOGGED" -gzhttp >/dev/null &
pids+=($!)
pid_of[$GZHTTP]=$!
"${server_cpu[@]}" "$tmp/baseline" -addr "$SAMET" -from "http://$LOGGED" -same-headers -timeouts -access-log >/dev/null 2>"$tmp/yardstick.log" &
pids+=($!)
pid_of[$SAMET]=$!
"${server_cpu[@]}" "$tmp/baseline" -addr "$SAMEZT" -from "http://$LOGGED" -same-headers -accept-encoding "$BROWSER_AE" -timeouts -access-log >/dev/null 2>"$tmp/yardstickz.log" &
pids+=($!)
pid_of[$SAMEZT]=$!
"${server_cpu[@]}" "$tmp/baseline" -addr "$ADAPTER" -adapter -media-url "http://$LOGGED/media/" >/dev/null &
pids+=($!)
pid_of[$ADAPTER]=$!
ready "$QUIET"
ready "$ADAPTER"
ready "$SAME"
ready "$SAMET"
ready "$SAMEZT"
ready "$BARE"
ready "$SAMEZ"
ready "$GZHTTP"

# The servers compared send the same bytes: the same ETag in each coding.
for path in "${PATHS[@]}"; do
  for ae in identity "$BROWSER_AE"; do
    tags=()
    for addr in "$LOGGED" "$QUIET" "$ADAPTER"; do
      tags+=("$(curl -sI -H "Accept-Encoding: $ae" "http://$addr$path" | tr -d '\r' | awk 'tolower($1) == "etag:" {print $2}')")
    done
    if [ "${tags[0]}" != "${tags[1]}" ] || [ "${tags[0]}" != "${tags[2]}" ] || [ -z "${tags[0]}" ]; then
      echo "run.sh: $path ($ae): the servers send different bytes: ETags ${tags[*]}" >&2
      exit 1
    fi
  done
done

# wrk_run loads one server; side_by_side (common.sh) loads two at once.
wrk_run() { # url [header] -> "requests/s p50 p99 cpu-us-per-request", latencies as wrk prints them
  local hostport=${1#http://}
  hostport=${hostport%%/*}
  local pid=${pid_of[$hostport]} before after out
  local args=(-t1 -c"$CONNECTIONS" -d"$DURATION" --latency)
  if [ $# -ge 2 ]; then args+=(-H "$2"); fi
  before=$(cpu_ticks "$pid")
  out=$("${client_cpu[@]}" wrk "${args[@]}" "$1")
  after=$(cpu_ticks "$pid")
  awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" \
    '/ requests in / {n = $1} /^Requests\/sec:/ {r = $2} $1 == "50%" {p50 = $2} $1 == "99%" {p99 = $2}
     END {printf "%s %s %s %.3f\n", r, p50, p99, (n > 0 ? t * 1e6 / hz / n : 0)}' <<<"$out"
}

echo "wrk -t1 -c$CONNECTIONS -d$DURATION, $ROUNDS rounds alternating (medians of the rounds and of the per-round ratios); $(nproc) cores${server_cpu:+, servers on core 0 and wrk on core 1}; $(go version | cut -d' ' -f3)"

if section sizes; then
  echo
  echo "bytes per endpoint as the example server sends them (gzip -9: the identity body through gzip -9, for reference):"
  printf '%-30s %9s %9s %9s %9s %9s\n' endpoint identity gzip br zstd "gzip -9"
  for path in "${PATHS[@]}"; do
    sizes=()
    for ae in identity gzip br zstd; do
      sizes+=("$(curl -s -H "Accept-Encoding: $ae" "http://$QUIET$path" | wc -c)")
    done
    ref=$(curl -s -H "Accept-Encoding: identity" "http://$QUIET$path" | gzip -9 | wc -c)
    printf '%-30s %9s %9s %9s %9s %9s\n' "$path" "${sizes[@]}" "$ref"
  done
fi

if section identity; then
icpu_rows=()
echo
echo "identity (no Accept-Encoding):"
printf '%-30s %10s %10s %10s %10s %8s %8s %8s\n' endpoint same/s bare/s quiet/s logged/s quiet:s logged:s quiet:b
latency=()
for path in "${PATHS[@]}"; do
  r_sames=() r_bares=() r_quiets=() r_loggeds=() qs=() ls=() qb=()
  c_sames=() c_quiets=() c_loggeds=() cqs=() cls=() clq=()
  for _ in $(seq "$ROUNDS"); do
    read -r r_same p50_same p99_same c_same <<<"$(wrk_run "http://$SAME$path")"
    read -r r_quiet p50_quiet p99_quiet c_quiet <<<"$(wrk_run "http://$QUIET$path")"
    read -r r_bare _ _ _ <<<"$(wrk_run "http://$BARE$path")"
    read -r r_logged _ _ c_logged <<<"$(wrk_run "http://$LOGGED$path")"
    r_sames+=("$r_same") r_bares+=("$r_bare") r_quiets+=("$r_quiet") r_loggeds+=("$r_logged")
    qs+=("$(ratio "$r_quiet" "$r_same")") ls+=("$(ratio "$r_logged" "$r_same")") qb+=("$(ratio "$r_quiet" "$r_bare")")
    c_sames+=("$c_same") c_quiets+=("$c_quiet") c_loggeds+=("$c_logged")
    cqs+=("$(ratio "$c_same" "$c_quiet")") cls+=("$(ratio "$c_same" "$c_logged")") clq+=("$(ratio "$c_quiet" "$c_logged")")
  done
  icpu_rows+=("$(printf '%-30s %9.2f %9.2f %9.2f %8.2f %8.2f %8.2f' "$path" \
    "$(median "${c_sames[@]}")" "$(median "${c_quiets[@]}")" "$(median "${c_loggeds[@]}")" \
    "$(median "${cqs[@]}")" "$(median "${cls[@]}")" "$(median "${clq[@]}")")")
  latency+=("$(printf '%-30s %10s %10s %10s %10s' "$path" "$p50_same" "$p99_same" "$p50_quiet" "$p99_quiet")")
  printf '%-30s %10.0f %10.0f %10.0f %10.0f %8.2f %8.2f %8.2f\n' "$path" \
    "$(median "${r_sames[@]}")" "$(median "${r_bares[@]}")" "$(median "${r_quiets[@]}")" "$(median "${r_loggeds[@]}")" \
    "$(median "${qs[@]}")" "$(median "${ls[@]}")" "$(median "${qb[@]}")"
done
echo "same: baseline, same headers and body; bare: baseline, body and Content-Type only;"
echo "quiet: example server -access-log=false; logged: example server as run by default"
echo
echo "the same runs, as server CPU time per request (microseconds; ratios are baseline CPU over ours, like throughput):"
printf '%-30s %9s %9s %9s %8s %8s %8s\n' endpoint same quiet logged quiet:s logged:s log:quiet
printf '%s\n' "${icpu_rows[@]}"

echo
echo "latency in the last round (wrk --latency):"
printf '%-30s %10s %10s %10s %10s\n' endpoint same-p50 same-p99 quiet-p50 quiet-p99
printf '%s\n' "${latency[@]}"
fi

if section compressed; then
cpu_rows=()
echo
echo "compressed (Accept-Encoding: $BROWSER_AE):"
printf '%-30s %9s %9s %9s %9s %8s %8s %8s %8s\n' endpoint samez/s gzhttp/s quiet/s logged/s quiet:z logged:z log:quiet quiet:gzh
for path in "${PATHS[@]}"; do
  r_zs=() r_gs=() r_quiets=() r_loggeds=() qz=() lz=() lq=() qg=()
  c_zs=() c_gs=() c_quiets=() c_loggeds=() cqz=() clz=() clq=() cqg=()
  for _ in $(seq "$ROUNDS"); do
    read -r r_z _ _ c_z <<<"$(wrk_run "http://$SAMEZ$path" "Accept-Encoding: $BROWSER_AE")"
    read -r r_quiet _ _ c_quiet <<<"$(wrk_run "http://$QUIET$path" "Accept-Encoding: $BROWSER_AE")"
    read -r r_g _ _ c_g <<<"$(wrk_run "http://$GZHTTP$path" "Accept-Encoding: $BROWSER_AE")"
    read -r r_logged _ _ c_logged <<<"$(wrk_run "http://$LOGGED$path" "Accept-Encoding: $BROWSER_AE")"
    r_zs+=("$r_z") r_gs+=("$r_g") r_quiets+=("$r_quiet") r_loggeds+=("$r_logged")
    qz+=("$(ratio "$r_quiet" "$r_z")") lz+=("$(ratio "$r_logged" "$r_z")") lq+=("$(ratio "$r_logged" "$r_quiet")") qg+=("$(ratio "$r_quiet" "$r_g")")
    c_zs+=("$c_z") c_gs+=("$c_g") c_quiets+=("$c_quiet") c_loggeds+=("$c_logged")
    # As throughput ratios: the baseline's CPU per request over ours.
    cqz+=("$(ratio "$c_z" "$c_quiet")") clz+=("$(ratio "$c_z" "$c_logged")") clq+=("$(ratio "$c_quiet" "$c_logged")") cqg+=("$(ratio "$c_g" "$c_quiet")")
  done
  cpu_rows+=("$(printf '%-30s %9.2f %9.2f %9.2f %9.2f %8.2f %8.2f %8.2f %8.2f' "$path" \
    "$(median "${c_zs[@]}")" "$(median "${c_gs[@]}")" "$(median "${c_quiets[@]}")" "$(median "${c_loggeds[@]}")" \
    "$(median "${cqz[@]}")" "$(median "${clz[@]}")" "$(median "${clq[@]}")" "$(median "${cqg[@]}")")")
  printf '%-30s %9.0f %9.0f %9.0f %9.0f %8.2f %8.2f %8.2f %8.2f\n' "$path" \
    "$(median "${r_zs[@]}")" "$(median "${r_gs[@]}")" "$(median "${r_quiets[@]}")" "$(median "${r_loggeds[@]}")" \
    "$(median "${qz[@]}")" "$(median "${lz[@]}")" "$(median "${lq[@]}")" "$(median "${qg[@]}")"
done
echo "samez: baseline, the same precompressed bytes and headers; gzhttp: baseline, identity body through gzhttp;"
echo "log:quiet: the default server (logging every request) against -access-log=false: the logging cost"
echo
echo "the same runs, as server CPU time per request (microseconds; ratios are baseline CPU over ours, like throughput):"
printf '%-30s %9s %9s %9s %9s %8s %8s %8s %8s\n' endpoint samez gzhttp quiet logged quiet:z logged:z log:quiet quiet:gzh
printf '%s\n' "${cpu_rows[@]}"
fi

if section logcost; then
echo
echo "logging cost, side by side (Accept-Encoding: $BROWSER_AE): CPU time per request of the default server"
echo "(logged) and of -access-log=false (quiet) loaded at the same time; ratio quiet/logged, median of $ROUNDS rounds:"
printf '%-30s %10s %10s %10s\n' endpoint logged-us quiet-us quiet:log
for path in "${PATHS[@]}"; do
  cl=() cq=() rr=()
  for _ in $(seq "$ROUNDS"); do
    read -r _ _ l q < <(side_by_side "$LOGGED" "$QUIET" "$path" -H "Accept-Encoding: $BROWSER_AE")
    cl+=("$l") cq+=("$q")
    rr+=("$(ratio "${cq[-1]}" "${cl[-1]}")")
  done
  printf '%-30s %10.2f %10.2f %10.3f\n' "$path" "$(median "${cl[@]}")" "$(median "${cq[@]}")" "$(median "${rr[@]}")"
done
fi

if section sidebyside; then
echo
echo "side by side: a server and its yardstick loaded at the same time, both on core 0; requests/s of each and their"
echo "ratio, CPU time per request (microseconds) of each and the yardstick's over ours (above 1: ours is cheaper): the"
echo "median of $ROUNDS rounds, and the lowest and highest round."
echo "logged: the example server as run by default, against net/http writing the same bytes in the example server's"
echo "http.Server (demo.NewHTTPServer's timeouts, demo.Serve) with the same access log (demo.AccessLog): yardstick;"
echo "adapter: the bare adapter (baseline -adapter), against net/http writing the same bytes in http.ListenAndServe's server: plain."
printf '%-30s %-9s %-8s %-10s %9s %9s %8s %9s %9s %8s %13s\n' endpoint coding server baseline base/s ours/s req:b base-us ours-us cpu:b cpu:b-range
for path in "${PATHS[@]}"; do
  for coding in identity br; do
  for pair in logged:yardstick adapter:plain; do
    ours=${pair%:*} server=${pair#*:}
    us=$LOGGED base=$SAMET ae=()
    if [ "$ours" = adapter ]; then us=$ADAPTER base=$SAME; fi
    if [ "$coding" = br ]; then
      ae=(-H "Accept-Encoding: $BROWSER_AE")
      base=$SAMEZT
      if [ "$ours" = adapter ]; then base=$SAMEZ; fi
    fi
    rb=() rl=() rr=() cb=() cl=() cr=()
    for _ in $(seq "$ROUNDS"); do
      read -r r1 r2 c1 c2 < <(side_by_side "$base" "$us" "$path" "${ae[@]}")
      rb+=("$r1") rl+=("$r2") cb+=("$c1") cl+=("$c2")
      rr+=("$(ratio "${rl[-1]}" "${rb[-1]}")")
      cr+=("$(ratio "${cb[-1]}" "${cl[-1]}")")
    done
    range=$(printf '%s\n' "${cr[@]}" | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.3f-%.3f", lo, hi}')
    printf '%-30s %-9s %-8s %-10s %9.0f %9.0f %8.3f %9.2f %9.2f %8.3f %13s\n' "$path" "$coding" "$ours" "$server" \
      "$(median "${rb[@]}")" "$(median "${rl[@]}")" "$(median "${rr[@]}")" \
      "$(median "${cb[@]}")" "$(median "${cl[@]}")" "$(median "${cr[@]}")" "$range"
  done
  done
done
# The yardstick logs what the example server logs: every line it wrote is,
# but for its time and duration, one the example server wrote too.
sleep 1.5 # both write their buffers out every second
strip() { sed -E 's/^time=[^ ]* //; s/ duration=[^ ]*$//' "$@" | sort -u; }
missing=$(comm -13 <(strip "$tmp/access.log") <(strip "$tmp/yardstick.log" "$tmp/yardstickz.log"))
if [ -n "$missing" ] || [ -z "$(strip "$tmp/yardstick.log")" ]; then
  echo "run.sh: the yardstick logged lines the example server did not (time and duration aside):" >&2
  echo "${missing:-(the yardstick logged nothing)}" >&2
  exit 1
fi
echo "access lines: the yardstick's $(strip "$tmp/yardstick.log" "$tmp/yardstickz.log" | wc -l) distinct lines, time and duration aside, are all the example server's too"
fi

if section conditional; then
echo
echo "conditional GET (If-None-Match with the current ETag, answered 304) against a full GET, quiet server:"
printf '%-30s %10s %10s %8s\n' endpoint 200/s 304/s 304:200
for path in "${PATHS[@]}"; do
  etag=$(curl -sI "http://$QUIET$path" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r')
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "http://$QUIET$path")
  if [ "$code" != 304 ]; then
    echo "$path: If-None-Match $etag answered $code, not 304" >&2
    exit 1
  fi
  read -r full _ _ _ <<<"$(wrk_run "http://$QUIET$path")"
  read -r cond _ _ _ <<<"$(wrk_run "http://$QUIET$path" "If-None-Match: $etag")"
  awk -v p="$path" -v f="$full" -v c="$cond" 'BEGIN {printf "%-30s %10.0f %10.0f %8.2f\n", p, f, c, c/f}'
done
fi
echo
echo "access log lines written by the logged server (flushed every second): $(wc -l <"$tmp/access.log")"
