local Pairing = require "LatentPairing"
local Fake = require "fake_http"

local SETUP = {
  available = true,
  client_id = "latent-lightroom",
  scope = "openid offline_access write:film",
  device_authorization_endpoint = "http://latent.test/oidc/device/auth",
  token_endpoint = "http://latent.test/oidc/oauth/token",
  revocation_endpoint = "http://latent.test/oidc/token/revocation",
  verification_page = "http://latent.test/plugins/lrcode",
}

local function memoryStore(initial)
  local value = initial
  return { get = function() return value end, set = function(v) value = v end }
end

describe("LatentPairing", function()
  local fake, store, clock, sleeps, pairing
  before_each(function()
    fake = Fake.new()
    store = memoryStore()
    clock = 1000
    sleeps = {}
    fake:on("POST", "/device/auth$", {
      body = {
        device_code = "dev-1",
        user_code = "BCDF-GHJK",
        verification_uri = "http://latent.test/plugins/lrcode",
        verification_uri_complete = "http://latent.test/plugins/lrcode?code=BCDF-GHJK",
        expires_in = 600,
        interval = 5,
      },
    })
    pairing = Pairing.new({
      http = fake.http,
      setup = SETUP,
      store = store,
      now = function() return clock end,
      sleep = function(s) sleeps[#sleeps + 1] = s; clock = clock + s end,
    })
  end)

  it("starts with a code to show and Latent's page to open", function()
    assert.is_false(pairing:isPaired())
    local pending = pairing:start()
    assert.are.equal("BCDF-GHJK", pending.user_code)
    assert.are.equal("http://latent.test/plugins/lrcode?code=BCDF-GHJK", pending.open_url)
    local asked = Fake.form(fake:last("POST", "/device/auth$").body)
    assert.are.equal("latent-lightroom", asked.client_id)
    assert.are.equal("openid offline_access write:film", asked.scope)
    assert.are.equal("waiting", pairing.state)
  end)

  it("names its computer when it asks for a code, within what the server takes", function()
    local named = Pairing.new({ http = fake.http, setup = SETUP, store = store, deviceName = "  Lightroom Classic on macOS\n" })
    named:start()
    assert.are.equal("Lightroom Classic on macOS", Fake.form(fake:last("POST", "/device/auth$").body).device_name)
    pairing:start()
    assert.is_nil(Fake.form(fake:last("POST", "/device/auth$").body).device_name)
    local long = Pairing.cleanDeviceName(string.rep("a", 59) .. "\195\169xyz")
    assert.are.equal(string.rep("a", 59), long)
    assert.is_nil(Pairing.cleanDeviceName("   "))
  end)

  it("says why when the server gives no more codes for now", function()
    fake:on("POST", "/device/auth$", {
      status = 429,
      body = { error = "too-many-pairing-codes", message = "Too many pairing codes were asked from your network" },
    })
    local ok, e = pcall(pairing.start, pairing)
    assert.is_false(ok)
    assert.are.equal("too-many-pairing-codes", e.code)
    assert.are.equal("Too many pairing codes were asked from your network", e.message)
  end)

  it("opens an external provider's page through Latent's, which follows it", function()
    fake:on("POST", "/device/auth$", { body = { device_code = "d", user_code = "WXYZ", verification_uri_complete = "https://id.example/activate?user_code=WXYZ", expires_in = 600 } })
    local pending = pairing:start()
    assert.are.equal("http://latent.test/plugins/lrcode?code=WXYZ&verify=https%3A%2F%2Fid.example%2Factivate%3Fuser_code%3DWXYZ", pending.open_url)
  end)

  it("waits at the server's pace, slows down when told, and keeps the refresh token once confirmed", function()
    pairing:start()
    fake:on("POST", "/oauth/token$", {
      { status = 400, body = { error = "authorization_pending" } },
      { status = 400, body = { error = "slow_down" } },
      { status = 400, body = { error = "authorization_pending" } },
      { body = { access_token = "at-1", refresh_token = "rt-1", expires_in = 3600 } },
    })
    assert.are.equal("paired", pairing:wait())
    assert.are.same({ 5, 10, 10 }, sleeps)
    assert.are.equal("rt-1", store.get())
    assert.is_true(pairing:isPaired())
    assert.are.equal("at-1", pairing:accessToken())
    local asked = Fake.form(fake:last("POST", "/oauth/token$").body)
    assert.are.equal("urn:ietf:params:oauth:grant-type:device_code", asked.grant_type)
    assert.are.equal("dev-1", asked.device_code)
  end)

  it("ends when the code expires before anyone confirms it", function()
    pairing:start()
    fake:on("POST", "/oauth/token$", { status = 400, body = { error = "authorization_pending" } })
    assert.are.equal("expired", pairing:wait())
    assert.is_nil(store.get())
    assert.are.equal(120, #sleeps)
  end)

  it("ends when the server says the code expired or was declined", function()
    pairing:start()
    fake:on("POST", "/oauth/token$", { status = 400, body = { error = "expired_token" } })
    assert.are.equal("expired", pairing:poll())
    pairing:start()
    fake:on("POST", "/oauth/token$", { status = 400, body = { error = "access_denied" } })
    assert.are.equal("denied", pairing:poll())
    assert.is_false(pairing:isPaired())
  end)

  it("stops waiting when the person cancels", function()
    pairing:start()
    fake:on("POST", "/oauth/token$", { status = 400, body = { error = "authorization_pending" } })
    local asked = 0
    assert.are.equal("cancelled", pairing:wait(function() asked = asked + 1; return asked > 2 end))
    assert.are.equal(2, fake:count("POST", "/oauth/token$"))
  end)

  it("refreshes the access token and keeps the rotated refresh token", function()
    store.set("rt-old")
    fake:on("POST", "/oauth/token$", function(request)
      local f = Fake.form(request.body)
      assert.are.equal("refresh_token", f.grant_type)
      assert.are.equal("rt-old", f.refresh_token)
      return { body = { access_token = "at-2", refresh_token = "rt-new", expires_in = 3600 } }
    end)
    assert.are.equal("at-2", pairing:accessToken())
    assert.are.equal("rt-new", store.get())
    -- Cached until it nearly expires.
    assert.are.equal("at-2", pairing:accessToken())
    assert.are.equal(1, fake:count("POST", "/oauth/token$"))
    clock = clock + 3550
    fake:on("POST", "/oauth/token$", { body = { access_token = "at-3", refresh_token = "rt-3", expires_in = 3600 } })
    assert.are.equal("at-3", pairing:accessToken())
  end)

  it("says it is not paired without a refresh token, and that the pairing expired when the server ended it", function()
    local ok, err = pcall(pairing.accessToken, pairing)
    assert.is_false(ok)
    assert.are.equal("not-paired", err.kind)
    store.set("rt-revoked")
    fake:on("POST", "/oauth/token$", { status = 400, body = { error = "invalid_grant" } })
    ok, err = pcall(pairing.accessToken, pairing)
    assert.are.equal("pairing-expired", err.kind)
    assert.is_nil(store.get())
  end)

  it("signs out by revoking the refresh token, and forgets it even offline", function()
    store.set("rt-1")
    fake:on("POST", "/token/revocation$", { body = {} })
    pairing:signOut()
    assert.are.equal("rt-1", Fake.form(fake:last("POST", "/token/revocation$").body).token)
    assert.is_nil(store.get())
    store.set("rt-2")
    fake:on("POST", "/token/revocation$", false)
    pairing:signOut()
    assert.is_nil(store.get())
  end)

  it("reads the server's pairing setup, and says when pairing is unavailable", function()
    fake:on("GET", "/api/plugins/lightroom/setup$", { body = SETUP })
    assert.are.equal("latent-lightroom", Pairing.fetchSetup(fake.http, "http://latent.test/").client_id)
    fake:on("GET", "/api/plugins/lightroom/setup$", { body = { available = false } })
    local ok, err = pcall(Pairing.fetchSetup, fake.http, "http://latent.test")
    assert.are.equal("pairing-unavailable", err.code)
    fake:on("GET", "/api/plugins/lightroom/setup$", false)
    ok, err = pcall(Pairing.fetchSetup, fake.http, "http://latent.test")
    assert.are.equal("network", err.kind)
  end)
end)
