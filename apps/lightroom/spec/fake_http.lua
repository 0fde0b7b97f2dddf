-- An HTTP-level fake of the server for unit specs: routes answer requests, every request is recorded.
local json = require "LatentJson"

local Fake = {}
Fake.__index = Fake

function Fake.new()
  local self = setmetatable({ routes = {}, requests = {} }, Fake)
  self.http = function(request) return self:handle(request) end
  return self
end

--- `answer` is a table `{status, body}` (body encoded as JSON when a table), a function(request) returning one,
--- or a list of them used in turn (the last one repeats). `false` stands for "the network is down".
function Fake:on(method, pattern, answer)
  self.routes[#self.routes + 1] = { method = method, pattern = pattern, answer = answer, calls = 0 }
end

function Fake:handle(request)
  self.requests[#self.requests + 1] = request
  for i = #self.routes, 1, -1 do
    local route = self.routes[i]
    if route.method == request.method and request.url:match(route.pattern) then
      route.calls = route.calls + 1
      local answer = route.answer
      if type(answer) == "table" and answer[1] ~= nil and type(answer[1]) ~= "number" then
        answer = answer[math.min(route.calls, #answer)]
      end
      if type(answer) == "function" then answer = answer(request) end
      if answer == false then return nil, "connection refused" end
      local body = answer.body
      if type(body) == "table" then body = json.encode(body) end
      return { status = answer.status or 200, body = body or "" }
    end
  end
  return { status = 404, body = json.encode({ error = "not-found", message = "Not found" }) }
end

function Fake:last(method, pattern)
  for i = #self.requests, 1, -1 do
    local r = self.requests[i]
    if r.method == method and r.url:match(pattern) then return r end
  end
end

function Fake:count(method, pattern)
  local n = 0
  for _, r in ipairs(self.requests) do
    if r.method == method and r.url:match(pattern) then n = n + 1 end
  end
  return n
end

--- Parses an x-www-form-urlencoded body.
function Fake.form(body)
  local fields = {}
  for k, v in (body or ""):gmatch("([^&=]+)=([^&]*)") do
    fields[k] = v:gsub("%%(%x%x)", function(h) return string.char(tonumber(h, 16)) end)
  end
  return fields
end

return Fake
