--[[ Glue: one paired session per server, with the refresh token in Lightroom's password store (LrPasswords), never
in the plugin's preferences or the catalogue. ]]
local LrPasswords = import "LrPasswords"
local LrTasks = import "LrTasks"

local Api = require "LatentApi"
local Pairing = require "LatentPairing"
local http = require "LatentHttp"

local Session = {}
local open = {}

local function normalize(url) return (tostring(url or ""):gsub("%s", ""):gsub("/+$", "")) end

local function passwordStore(serverUrl)
  local key = "latent.refresh-token." .. serverUrl
  return {
    get = function()
      local value = LrPasswords.retrieve(key)
      if value == nil or value == "" then return nil end
      return value
    end,
    set = function(value) LrPasswords.store(key, value or "") end,
  }
end

--- The session of a server: its pairing (tokens) and its API client. Reads the server's pairing setup once.
function Session.get(serverUrl)
  serverUrl = normalize(serverUrl)
  if serverUrl == "" or not serverUrl:match("^https?://") then
    require("LatentErrors").raise("server", { code = "server-url", message = "Enter your Latent server's address (https://…)" })
  end
  if not open[serverUrl] then
    local setup = Pairing.fetchSetup(http, serverUrl)
    -- The SDK tells no computer name: the person confirming the code sees which kind of computer asks.
    local deviceName = "Lightroom Classic on " .. (MAC_ENV and "macOS" or "Windows")
    local pairing = Pairing.new({
      http = http,
      setup = setup,
      store = passwordStore(serverUrl),
      sleep = LrTasks.sleep,
      deviceName = deviceName,
    })
    open[serverUrl] = {
      url = serverUrl,
      pairing = pairing,
      api = Api.new({ baseUrl = serverUrl, http = http, auth = pairing, sleep = LrTasks.sleep }),
    }
  end
  return open[serverUrl]
end

--- Whether a refresh token is kept for the server (without asking it anything).
function Session.isPaired(serverUrl) return passwordStore(normalize(serverUrl)).get() ~= nil end

Session.normalize = normalize

return Session
