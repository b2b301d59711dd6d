-- wrk script for soak.sh: cycles through the three API endpoints and the
-- stylesheet, as several demo users, and counts responses that are not
-- 2xx (wrk itself counts only status >= 400).
local paths = {
  "/api/v2/theme/component-defs/",
  "/api/v2/theme/",
  "/api/v2/theme/config/",
  "/theme.css",
}
local users = {"", "alice", "bob", "carol", "mallory"}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non2xx = 0
  reqs = {}
  for _, p in ipairs(paths) do
    for _, u in ipairs(users) do
      local h = {}
      if u ~= "" then h["X-Demo-User"] = u end
      table.insert(reqs, wrk.format("GET", p, h))
    end
  end
  n = 0
end

function request()
  n = n + 1
  return reqs[n % #reqs + 1]
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do
    total = total + t:get("non2xx")
  end
  local e = summary.errors
  io.write(string.format("soak: requests %d, non-2xx %d, socket errors connect %d read %d write %d timeout %d\n",
    summary.requests, total, e.connect, e.read, e.write, e.timeout))
  io.write(string.format("soak: latency p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
