--[[ Latent's API as the plugin uses it, over an injected HTTP function so it runs (and is tested) outside Lightroom.

`http(request)` takes `{method, url, headers = {name = value}, body = string|nil}` and answers
`{status = number, body = string}`, or `nil, message` when the server could not be reached at all. ]]

local json = require "LatentJson"
local Errors = require "LatentErrors"

local Api = {}
Api.__index = Api

--- options: baseUrl, http, auth (anything with `accessToken(forceRefresh)`), sleep(seconds), retries (network, default 3).
function Api.new(options)
  local self = setmetatable({}, Api)
  self.baseUrl = assert(options.baseUrl, "baseUrl"):gsub("/+$", "")
  self.http = assert(options.http, "http")
  self.auth = options.auth
  self.sleep = options.sleep or function() end
  self.retries = options.retries or 3
  return self
end

local function urlEncode(s)
  return (tostring(s):gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end))
end
Api.urlEncode = urlEncode

function Api:url(path)
  if path:match("^https?://") then return path end
  return self.baseUrl .. path
end

--- One exchange, retried when the network fails or the server is briefly away (502/503/504), with a growing pause.
function Api:send(request)
  local attempt = 0
  while true do
    attempt = attempt + 1
    local response, problem = self.http(request)
    local transient = response == nil or response.status == 502 or response.status == 503 or response.status == 504
    if not transient then return response end
    if attempt > self.retries then
      if response == nil then Errors.raise("network", { message = problem }) end
      return response
    end
    self.sleep(attempt * 2)
  end
end

local function decode(body)
  if body == nil or body == "" then return nil end
  local ok, value = pcall(json.decode, body)
  if ok then return value end
  return nil
end

--- An authorised API call. `options.raw` sends bytes as they are (upload chunks); otherwise `body` goes as JSON.
--- `options.text`: the answer is plain text (an export), handed back as it is instead of decoded.
function Api:request(method, path, body, options)
  options = options or {}
  local function attempt(forceRefresh)
    local headers = { accept = options.text and "text/plain" or "application/json" }
    if self.auth then headers.authorization = "Bearer " .. self.auth:accessToken(forceRefresh) end
    local payload
    if options.raw then
      payload = options.raw
      headers["content-type"] = "application/octet-stream"
    elseif body ~= nil then
      payload = json.encode(body)
      headers["content-type"] = "application/json"
    end
    return self:send({ method = method, url = self:url(path), headers = headers, body = payload })
  end
  local response = attempt(false)
  -- An access token can end before its expiry says (the server restarted, a clock is off): refresh once.
  if response.status == 401 and self.auth then response = attempt(true) end
  local decoded = decode(response.body)
  if response.status >= 400 then
    if options.allow and options.allow[response.status] then return nil, response.status end
    local e = Errors.fromResponse(response.status, decoded)
    -- For the plugin's log: which call failed.
    e.request = method .. " " .. path
    error(e, 0)
  end
  if options.text then return response.body or "", response.status end
  return decoded, response.status
end

function Api:user() return (self:request("GET", "/api/user")) end
function Api:filmStocks() return (self:request("GET", "/api/static/film-metadata")) end
function Api:films() return (self:request("GET", "/api/film")) end
function Api:film(id) return (self:request("GET", "/api/film/" .. urlEncode(id))) end
function Api:createFilm(fields) return (self:request("POST", "/api/film", fields)) end
function Api:cameras() return (self:request("GET", "/api/cameras")) end
function Api:lenses() return (self:request("GET", "/api/lenses")) end

--- Starts a shot's upload at `index` (a shot already there is replaced): `{max_upload_size, urls, upload_id}`.
function Api:beginUpload(filmId, index, file)
  return (self:request("POST", "/api/film/shot/" .. urlEncode(filmId) .. "/" .. index .. "/upload", file))
end

function Api:putPart(url, bytes) return (self:request("PUT", url, nil, { raw = bytes })) end

--- Sets a shot's fields (camera_id, lens_id…).
function Api:updateShot(filmId, index, fields)
  local body = { index = index }
  for k, v in pairs(fields) do body[k] = v end
  return (self:request("PUT", "/api/film/shot/" .. urlEncode(filmId), body))
end

--- Deletes a shot; one already gone counts as deleted.
function Api:deleteShot(filmId, index)
  self:request("DELETE", "/api/film/shot/" .. urlEncode(filmId) .. "/" .. index, nil, { allow = { [404] = true } })
  return true
end

return Api
