local Favourites = require "LatentFavourites"
local Api = require "LatentApi"
local Fake = require "fake_http"

describe("LatentFavourites", function()
  local fake, api
  before_each(function()
    fake = Fake.new()
    api = Api.new({ baseUrl = "http://latent.test", http = fake.http, auth = { accessToken = function() return "token" end } })
  end)

  it("fetches a published roll's favourites as the server's plain-text list of file names", function()
    fake:on("GET", "/api/film/f1/favourites%?format=txt$", { body = "DSC_0012.jpg\r\nDSC_0003.jpg\n\n  scan 7.tif  \n" })
    assert.are.same({ "DSC_0012.jpg", "DSC_0003.jpg", "scan 7.tif" }, Favourites.fetch(api, "f1"))
    local request = fake:last("GET", "/favourites")
    assert.are.equal("Bearer token", request.headers.authorization)
    assert.are.equal("text/plain", request.headers.accept)
  end)

  it("matches the catalogue's photos by name without the extension, in the favourites' order, each once", function()
    local photos = {
      { id = "a", fileName = "DSC_0003.NEF" },
      { id = "b", fileName = "DSC_0012.nef" },
      { id = "c", fileName = "DSC_0099.NEF" },
    }
    local matched, missing = Favourites.match({ "DSC_0012.jpg", "dsc_0003.JPG", "DSC_0012.tif", "web-upload.jpg" }, photos)
    assert.are.same({ "b", "a" }, { matched[1].id, matched[2].id })
    assert.are.equal(2, #matched)
    assert.are.same({ "web-upload.jpg" }, missing)
  end)

  it("answers an empty list for a roll nobody favourited", function()
    fake:on("GET", "/api/film/f1/favourites", { body = "" })
    assert.are.same({}, Favourites.fetch(api, "f1"))
    assert.are.same({ {}, {} }, { Favourites.match({}, { { fileName = "a.jpg" } }) })
  end)

  it("raises the server's error for a roll that is not the person's", function()
    fake:on("GET", "/api/film/gone/favourites", { status = 404, body = { error = "not-found", message = "Not found" } })
    local ok, err = pcall(Favourites.fetch, api, "gone")
    assert.is_false(ok)
    assert.are.equal("server", err.kind)
  end)
end)
