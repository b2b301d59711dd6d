# Sourced by run.sh, cors.sh and soak.sh (bash): installs wrk from Debian's
# packages when it is missing, pins the servers to core 0 and wrk to core 1
# when taskset and two cores are there (server_cpu, client_cpu), makes the
# scratch directory $tmp, and on exit kills every server whose pid the
# script appended to pids. It defines the measures the scripts share:
# cpu_ticks, side_by_side, median and ratio.

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing wrk (Debian package)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null ||
      { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
  fi
  command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
fi
server_cpu=() client_cpu=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  server_cpu=(taskset -c 0) client_cpu=(taskset -c 1)
fi

tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# CPU time per request: the server's user+system time (from /proc) over
# the requests wrk completed, in microseconds. On a machine shared with
# other work it varies far less than requests per second, which depend on
# how much of the core the other work leaves.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# side_by_side A B PATH [WRK-ARG...]: loads the servers at A and B
# (host:port, keys of the script's pid_of) with wrk at the same time, so
# that both run under the same load from anything else on the machine,
# and prints "requests/s of A, of B, CPU microseconds per request of A,
# of B".
side_by_side() {
  local a=$1 b=$2 path=$3 ta tb wa
  shift 3
  ta=$(cpu_ticks "${pid_of[$a]}") tb=$(cpu_ticks "${pid_of[$b]}")
  "${client_cpu[@]}" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$@" "http://$a$path" >"$tmp/side-a" &
  wa=$!
  "${client_cpu[@]}" wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$@" "http://$b$path" >"$tmp/side-b"
  wait "$wa"
  ta=$(($(cpu_ticks "${pid_of[$a]}") - ta)) tb=$(($(cpu_ticks "${pid_of[$b]}") - tb))
  awk -v ta="$ta" -v tb="$tb" -v hz="$(getconf CLK_TCK)" \
    'FNR == 1 {f++} / requests in / {n[f] = $1} /^Requests\/sec:/ {r[f] = $2}
     END {printf "%s %s %.3f %.3f\n", r[1], r[2], ta * 1e6 / hz / n[1], tb * 1e6 / hz / n[2]}' "$tmp/side-a" "$tmp/side-b"
}

# median of the arguments; ratio a/b. Each table shows the median
# throughput of the rounds and, for each ratio, the median of the ratios
# measured within a round (the servers compared ran seconds apart, under
# the same load from anything else on the machine).
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", (b > 0 ? a / b : 0)}'; }
