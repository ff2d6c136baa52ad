-- wrk script: cycles through the request bodies in benchmarks/load_bodies.json (written by load.py)
local cjson_ok, cjson = pcall(require, "cjson")
requests = {}
init = function(args)
  local f = io.open(args[1], "r")
  local n = 0
  for line in f:lines() do
    local path, body = line:match("^(%S+) (.*)$")
    n = n + 1
    requests[n] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
  end
  f:close()
end
local i = 0
request = function()
  i = i % #requests + 1
  return requests[i]
end
