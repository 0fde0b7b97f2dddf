local Publisher = require "LatentPublisher"
local Api = require "LatentApi"
local Fake = require "fake_http"
local json = require "LatentJson"

-- A roll on the fake server: its shots, what was uploaded where, and the gear set on each shot.
local function fakeRoll(fake, shots)
  local roll = { id = "f1", shots = shots, uploads = {}, gear = {}, deleted = {} }
  fake:on("GET", "/api/film/f1$", function() return { body = { id = "f1", shots = roll.shots } } end)
  fake:on("GET", "/api/film/gone$", { status = 404, body = { error = "not-found", message = "Not found" } })
  fake:on("GET", "/api/static/film%-metadata$", { body = { { brand = "Kodak", model = "Portra 400", iso = 400, process = "C-41", formats = { "120" }, discontinued = false } } })
  fake:on("POST", "/api/film$", function(request)
    roll.created = json.decode(request.body)
    return { status = 201, body = { id = "f2", shots = json.array() } }
  end)
  fake:on("GET", "/api/cameras$", { body = { { id = "cam", metadata = { brand = "Mamiya", model = "RZ67" } } } })
  fake:on("GET", "/api/lenses$", { body = json.array() })
  fake:on("POST", "/api/film/shot/(%w+)/(%d+)/upload$", function(request)
    local index = tonumber(request.url:match("/(%d+)/upload$"))
    return { body = { max_upload_size = 1024, upload_id = "u" .. index, urls = { "/api/uploads/u" .. index .. "/1" } } }
  end)
  fake:on("PUT", "/api/uploads/u(%d+)/1$", function(request)
    roll.uploads[tonumber(request.url:match("/u(%d+)/1$"))] = request.body
    return { body = { complete = true } }
  end)
  fake:on("PUT", "/api/film/shot/f1$", function(request)
    local body = json.decode(request.body)
    roll.gear[body.index] = body.camera_id
    return { body = json.array() }
  end)
  fake:on("DELETE", "/api/film/shot/f1/(%d+)$", function(request)
    roll.deleted[#roll.deleted + 1] = tonumber(request.url:match("(%d+)$"))
    return { status = 204 }
  end)
  return roll
end

describe("LatentPublisher", function()
  local fake, publisher
  before_each(function()
    fake = Fake.new()
    publisher = Publisher.new({ api = Api.new({ baseUrl = "http://latent.test", http = fake.http }) })
  end)

  it("puts new photos at the roll's free indexes and fills the gear that matches", function()
    local roll = fakeRoll(fake, { { index = 1 }, { index = 3 } })
    local film = publisher:ensureRoll("f1", {})
    local a = publisher:publish(film, { bytes = "AAA", metadata = { cameraMake = "Mamiya", cameraModel = "RZ67" } })
    local b = publisher:publish(film, { bytes = "BBB", metadata = { cameraMake = "Canon", cameraModel = "AE-1" } })
    assert.are.same({ "f1/2", "f1/4" }, { a, b })
    assert.are.same({ [2] = "AAA", [4] = "BBB" }, roll.uploads)
    assert.are.same({ [2] = "cam" }, roll.gear)
    -- Gear is read once per publish.
    assert.are.equal(1, fake:count("GET", "/api/cameras$"))
  end)

  it("replaces a republished photo's own shot", function()
    local roll = fakeRoll(fake, { { index = 1 }, { index = 2 } })
    local film = publisher:ensureRoll("f1", {})
    assert.are.equal("f1/2", publisher:publish(film, { bytes = "NEW", publishedPhotoId = "f1/2" }))
    assert.are.same({ [2] = "NEW" }, roll.uploads)
  end)

  it("deletes the shots of photos removed from the collection", function()
    local roll = fakeRoll(fake, {})
    local gone = {}
    publisher:remove({ "f1/2", "f1/5" }, function(id) gone[#gone + 1] = id end)
    assert.are.same({ 2, 5 }, roll.deleted)
    assert.are.same({ "f1/2", "f1/5" }, gone)
  end)

  it("creates the roll from the collection's settings when it has none, or when its roll was deleted", function()
    local roll = fakeRoll(fake, {})
    local film, created = publisher:ensureRoll("gone", { stock = "Kodak|Portra 400", collectionName = "Iceland" })
    assert.is_true(created)
    assert.are.equal("f2", film.id)
    assert.are.same({ name = "Iceland", brand = "Kodak", model = "Portra 400", iso = 400, format = "120", process = "C-41" }, roll.created)
  end)

  it("asks for the stock when the settings have none", function()
    fakeRoll(fake, {})
    local ok, err = pcall(publisher.ensureRoll, publisher, nil, {})
    assert.is_false(ok)
    assert.are.equal("invalid-new-film", err.code)
  end)
end)
