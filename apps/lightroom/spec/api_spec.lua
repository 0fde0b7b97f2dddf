local Api = require "LatentApi"
local Fake = require "fake_http"
local json = require "LatentJson"

local function auth()
  local a = { calls = {} }
  function a:accessToken(force)
    self.calls[#self.calls + 1] = force
    return force and "fresh" or "stale"
  end
  return a
end

describe("LatentApi", function()
  local fake, api, sleeps
  before_each(function()
    fake = Fake.new()
    sleeps = {}
    api = Api.new({ baseUrl = "http://latent.test/", http = fake.http, auth = auth(), sleep = function(s) sleeps[#sleeps + 1] = s end })
  end)

  it("sends the bearer token and JSON, and reads JSON back", function()
    fake:on("POST", "/api/film$", function(request)
      return { status = 201, body = { id = "f1", name = json.decode(request.body).name } }
    end)
    local film = api:createFilm({ name = "Summer", brand = "Kodak" })
    assert.are.same({ id = "f1", name = "Summer" }, film)
    local sent = fake:last("POST", "/api/film$")
    assert.are.equal("http://latent.test/api/film", sent.url)
    assert.are.equal("Bearer stale", sent.headers.authorization)
    assert.are.equal("application/json", sent.headers["content-type"])
  end)

  it("refreshes the access token once when the server refuses it", function()
    fake:on("GET", "/api/user$", function(request)
      if request.headers.authorization == "Bearer fresh" then return { body = { user_id = "u1" } } end
      return { status = 401, body = { error = "token-expired", message = "The token has expired" } }
    end)
    assert.are.equal("u1", api:user().user_id)
    assert.are.same({ false, true }, api.auth.calls)
  end)

  it("says the pairing ended when even a fresh token is refused", function()
    fake:on("GET", "/api/user$", { status = 401, body = { error = "unauthorized", message = "Invalid session" } })
    local ok, err = pcall(api.user, api)
    assert.is_false(ok)
    assert.are.equal("pairing-expired", err.kind)
  end)

  it("retries while the network is down, and succeeds when it is back", function()
    fake:on("GET", "/api/film$", { false, false, { body = json.array() } })
    assert.are.same({}, api:films())
    assert.are.same({ 2, 4 }, sleeps)
  end)

  it("gives up after its retries with a network error the dialog offers to retry", function()
    fake:on("GET", "/api/film$", false)
    local ok, err = pcall(api.films, api)
    assert.is_false(ok)
    assert.are.equal("network", err.kind)
    assert.is_true(err.retry)
    assert.are.equal(4, fake:count("GET", "/api/film$"))
  end)

  it("treats a server that is briefly away (503) like a network failure", function()
    fake:on("GET", "/api/film$", { status = 503, body = "" })
    local ok, err = pcall(api.films, api)
    assert.are.equal("network", err.kind)
  end)

  it("names the plan's limits with the server's words", function()
    fake:on("POST", "/api/film$", { status = 422, body = { error = "films-capacity-reached", message = "Maximum films capacity reached" } })
    local ok, err = pcall(api.createFilm, api, { name = "x" })
    assert.is_false(ok)
    assert.are.equal("plan-limit", err.kind)
    assert.are.equal("Maximum films capacity reached", err.message)
    assert.is_false(err.retry)
  end)

  it("deletes a shot that is already gone without complaint", function()
    fake:on("DELETE", "/api/film/shot/f1/4$", { status = 404, body = { error = "not-found", message = "Not found" } })
    assert.is_true(api:deleteShot("f1", 4))
  end)

  it("sends upload chunks as raw bytes to the URL the server gave", function()
    fake:on("PUT", "/api/uploads/u1/1$", { body = { part = 1, received = 1, parts = 1, complete = true } })
    api:putPart("http://latent.test/api/uploads/u1/1", "\0\1\2")
    local sent = fake:last("PUT", "/api/uploads/u1/1$")
    assert.are.equal("\0\1\2", sent.body)
    assert.are.equal("application/octet-stream", sent.headers["content-type"])
  end)
end)
