--[[ Pairing with Latent by code: the OAuth 2.0 device authorization grant (RFC 8628), and the tokens after it.

start() asks for a code; the person confirms it on Latent's lrcode page; poll() asks for the tokens at the pace
the server sets (slow_down adds five seconds) until they come, the code expires or the person declines. The refresh
token is the pairing: it lives only in the injected `store` (Lightroom's password store in the plugin), is rotated
on each refresh, and is forgotten when the server says it has ended. ]]

local json = require "LatentJson"
local Errors = require "LatentErrors"

local Pairing = {}
Pairing.__index = Pairing

local function form(fields)
  local parts = {}
  for k, v in pairs(fields) do
    parts[#parts + 1] = k .. "=" .. tostring(v):gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end)
  end
  table.sort(parts)
  return table.concat(parts, "&")
end

--- What the server tells the plugin about pairing (`GET /api/plugins/lightroom/setup`).
function Pairing.fetchSetup(http, baseUrl)
  local response, problem = http({ method = "GET", url = baseUrl:gsub("/+$", "") .. "/api/plugins/lightroom/setup", headers = { accept = "application/json" } })
  if not response then Errors.raise("network", { message = problem }) end
  local ok, decoded = pcall(json.decode, response.body or "")
  if response.status ~= 200 then error(Errors.fromResponse(response.status, ok and decoded or nil), 0) end
  local setup = decoded
  if not setup.available then Errors.raise("server", { code = "pairing-unavailable", message = "Pairing is not available with this server's sign-in provider" }) end
  return setup
end

--- The name sent with a request for a code: printable, trimmed and at most 60 bytes (what the server takes), or nil.
function Pairing.cleanDeviceName(name)
  if type(name) ~= "string" then return nil end
  name = name:gsub("%c", " "):gsub("^%s+", ""):gsub("%s+$", "")
  -- Cut on a character: a trailing incomplete UTF-8 sequence would make the server refuse the whole request.
  if #name > 60 then name = name:sub(1, 60):gsub("[\192-\255][\128-\191]*$", ""):gsub("%s+$", "") end
  if name == "" then return nil end
  return name
end

--- options: http, setup (fetchSetup's answer), store {get(), set(value | nil)}, now() in seconds, sleep(seconds),
--- deviceName (shown to the person confirming the code, so they recognise their own Lightroom).
function Pairing.new(options)
  local self = setmetatable({}, Pairing)
  self.deviceName = Pairing.cleanDeviceName(options.deviceName)
  self.http = assert(options.http, "http")
  self.setup = assert(options.setup, "setup")
  self.store = assert(options.store, "store")
  self.now = options.now or os.time
  self.sleep = options.sleep or function() end
  self.state = self.store.get() and "paired" or "unpaired"
  return self
end

function Pairing:post(url, fields)
  local response, problem = self.http({
    method = "POST",
    url = url,
    headers = { ["content-type"] = "application/x-www-form-urlencoded", accept = "application/json" },
    body = form(fields),
  })
  if not response then Errors.raise("network", { message = problem }) end
  local ok, body = pcall(json.decode, response.body or "")
  return response.status, ok and body or {}
end

function Pairing:isPaired() return self.store.get() ~= nil end

--- Asks for a pairing code. Answers what to show and which page to open.
function Pairing:start()
  local status, body = self:post(self.setup.device_authorization_endpoint, {
    client_id = self.setup.client_id,
    scope = self.setup.scope,
    device_name = self.deviceName,
  })
  if status ~= 200 then
    if status >= 500 then Errors.raise("network", { status = status, message = body.error_description }) end
    -- OAuth errors carry error_description; Latent's own refusals (too many codes asked) carry message.
    Errors.raise("server", { status = status, code = body.error, message = body.error_description or body.message or body.error })
  end
  local page = body.verification_uri_complete or body.verification_uri
  -- Latent's own page when the server is the provider; an external provider's page is reached through it, so the
  -- person always starts from Latent (the page only follows links to that provider).
  if page:sub(1, #self.setup.verification_page) ~= self.setup.verification_page then
    page = self.setup.verification_page .. "?code=" .. body.user_code .. "&verify=" .. page:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end)
  end
  self.pending = {
    device_code = body.device_code,
    user_code = body.user_code,
    open_url = page,
    interval = body.interval or 5,
    expires_at = self.now() + (body.expires_in or 600),
  }
  self.state = "waiting"
  return self.pending
end

--- One token request for the pending code: "pending", "slow_down", "paired", "expired" or "denied".
function Pairing:poll()
  local p = assert(self.pending, "start() first")
  if self.now() >= p.expires_at then
    self.state = "expired"
    return "expired"
  end
  local status, body = self:post(self.setup.token_endpoint, {
    grant_type = "urn:ietf:params:oauth:grant-type:device_code",
    device_code = p.device_code,
    client_id = self.setup.client_id,
  })
  if status == 200 and body.refresh_token then
    self:keep(body)
    self.pending = nil
    self.state = "paired"
    return "paired"
  end
  local err = body.error
  if err == "authorization_pending" then return "pending" end
  if err == "slow_down" then
    p.interval = p.interval + 5
    return "slow_down"
  end
  if err == "access_denied" then
    self.state = "denied"
    return "denied"
  end
  if err == "expired_token" or err == "invalid_grant" then
    self.state = "expired"
    return "expired"
  end
  if status >= 500 then Errors.raise("network", { status = status }) end
  Errors.raise("server", { status = status, code = err, message = body.error_description or err })
end

--- Polls until the pairing ends one way or the other. `shouldStop()` lets the dialog's Cancel end the wait.
function Pairing:wait(shouldStop)
  while true do
    if shouldStop and shouldStop() then
      self.pending = nil
      self.state = "unpaired"
      return "cancelled"
    end
    local result = self:poll()
    if result == "paired" or result == "expired" or result == "denied" then return result end
    self.sleep(self.pending.interval)
  end
end

function Pairing:keep(tokens)
  self.store.set(tokens.refresh_token)
  self.access = { token = tokens.access_token, expires_at = self.now() + (tokens.expires_in or 3600) }
end

--- A valid access token, refreshed when it is (nearly) expired or `force` says the server refused it.
function Pairing:accessToken(force)
  if not force and self.access and self.access.expires_at - 60 > self.now() then return self.access.token end
  local refresh = self.store.get()
  if not refresh then Errors.raise("not-paired") end
  local status, body = self:post(self.setup.token_endpoint, {
    grant_type = "refresh_token",
    refresh_token = refresh,
    client_id = self.setup.client_id,
  })
  if status == 200 and body.access_token then
    -- The server rotates refresh tokens: the new one replaces the old at once.
    self:keep({ refresh_token = body.refresh_token or refresh, access_token = body.access_token, expires_in = body.expires_in })
    return body.access_token
  end
  if body.error == "invalid_grant" then
    self:forget()
    Errors.raise("pairing-expired")
  end
  if status >= 500 then Errors.raise("network", { status = status }) end
  Errors.raise("server", { status = status, code = body.error, message = body.error_description or body.error })
end

function Pairing:forget()
  self.store.set(nil)
  self.access = nil
  self.state = "unpaired"
end

--- Signs this Lightroom out: the server revokes the refresh token (and its pairing); the store forgets it either way.
function Pairing:signOut()
  local refresh = self.store.get()
  if refresh and self.setup.revocation_endpoint then
    pcall(self.post, self, self.setup.revocation_endpoint, { token = refresh, token_type_hint = "refresh_token", client_id = self.setup.client_id })
  end
  self:forget()
end

return Pairing
