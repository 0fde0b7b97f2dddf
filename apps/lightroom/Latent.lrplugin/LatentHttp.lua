--[[ Glue: the API client's HTTP function over Lightroom's LrHttp (which must run inside an LrTasks task). ]]
local LrHttp = import "LrHttp"

local TIMEOUT_S = 120

return function(request)
  local headers = {}
  for field, value in pairs(request.headers or {}) do headers[#headers + 1] = { field = field, value = value } end
  local body, answer
  if request.method == "GET" then
    body, answer = LrHttp.get(request.url, headers, TIMEOUT_S)
  else
    body, answer = LrHttp.post(request.url, request.body or "", headers, request.method, TIMEOUT_S)
  end
  -- LrHttp reports a failed connection as headers without a status (and an `error` table).
  if type(answer) ~= "table" or not answer.status then
    local problem = type(answer) == "table" and answer.error and (answer.error.name or answer.error.errorCode) or "no answer"
    return nil, tostring(problem)
  end
  return { status = answer.status, body = body or "" }
end
