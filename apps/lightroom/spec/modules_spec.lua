-- The split the plugin relies on: logic modules never touch Lightroom, so these specs run them as Lightroom would.
local LOGIC = { "LatentApi", "LatentErrors", "LatentFavourites", "LatentGear", "LatentJson", "LatentPairing", "LatentPublisher", "LatentRoll", "LatentUpload" }
local GLUE = { "Info", "LatentDialogs", "LatentFavouritesMenu", "LatentHttp", "LatentServiceProvider", "LatentSession" }

local function source(name)
  local f = assert(io.open("Latent.lrplugin/" .. name .. ".lua", "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

describe("the plugin's modules", function()
  it("keeps the logic free of Lightroom's globals", function()
    for _, name in ipairs(LOGIC) do
      local text = source(name)
      assert.is_nil(text:find("import%s*%(?%s*[\"']Lr"), name .. " imports a Lightroom namespace")
      assert.is_nil(text:find("LOC%s*[%(\"]"), name .. " calls LOC")
    end
  end)

  it("has glue that at least compiles", function()
    for _, name in ipairs(GLUE) do
      assert.is_function(loadstring(source(name), name), name)
    end
  end)

  it("declares the publish service in Info.lua", function()
    local info = setfenv(loadstring(source("Info")), { LOC = function(s) return s:match("=(.*)$") end })()
    assert.are.equal("LatentServiceProvider.lua", info.LrExportServiceProvider.file)
    assert.are.equal("Latent", info.LrExportServiceProvider.title)
    assert.truthy(info.LrToolkitIdentifier)
  end)

  it("has an English text for every error it can show", function()
    local Errors = require "LatentErrors"
    for _, kind in ipairs({ "not-paired", "pairing-expired", "plan-limit", "network", "server" }) do
      local key = Errors.describe(Errors.new(kind, { message = "x" }))
      assert.truthy(key:match("^%$%$%$/Latent/Errors/%w+=.+"), kind)
    end
  end)
end)

describe("the plugin's translations", function()
  it("give every text the plugin shows in Spanish, French and Italian, and nothing else", function()
    local keys = {}
    for _, name in ipairs({ "Info", "LatentDialogs", "LatentErrors", "LatentFavouritesMenu", "LatentServiceProvider", "LatentSession" }) do
      local f = assert(io.open("Latent.lrplugin/" .. name .. ".lua", "rb"))
      for key in f:read("*a"):gmatch("(%$%$%$/Latent/[%a/]+)=") do keys[key] = true end
      f:close()
    end
    for _, lang in ipairs({ "es", "fr", "it" }) do
      local f = assert(io.open("Latent.lrplugin/TranslatedStrings_" .. lang .. ".txt", "rb"))
      local given = {}
      for line in f:lines() do
        local key, text = line:match('^"(%$%$%$/Latent/[%a/]+)=(.+)"$')
        assert.truthy(key, lang .. ": " .. line)
        assert.is_true(keys[key] == true, lang .. " translates an unknown key " .. tostring(key))
        given[key] = text
      end
      f:close()
      for key in pairs(keys) do assert.truthy(given[key], lang .. " misses " .. key) end
    end
  end)
end)
