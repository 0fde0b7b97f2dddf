--[[ Pairs and publishes against a real Latent server on loopback (started by run-specs.ts, which passes its
address, a signed-in person's web token and three JPEGs). Only LuaSocket stands in for Lightroom's LrHttp. ]]

local Api = require "LatentApi"
local Pairing = require "LatentPairing"
local Publisher = require "LatentPublisher"
local json = require "LatentJson"

local URL, TOKEN, PHOTOS = os.getenv("LATENT_URL"), os.getenv("LATENT_TOKEN"), os.getenv("LATENT_PHOTOS")

--- The plugin's HTTP function over LuaSocket, as the glue's is over LrHttp.
local function socketHttp(request)
  local http = require "socket.http"
  local ltn12 = require "ltn12"
  local chunks = {}
  local headers = {}
  for k, v in pairs(request.headers or {}) do headers[k] = v end
  if request.body then headers["content-length"] = tostring(#request.body) end
  local ok, status = http.request({
    method = request.method,
    url = request.url,
    headers = headers,
    source = request.body and ltn12.source.string(request.body) or nil,
    sink = ltn12.sink.table(chunks),
  })
  if not ok then return nil, tostring(status) end
  return { status = status, body = table.concat(chunks) }
end

local function readFile(path)
  local f = assert(io.open(path, "rb"))
  local bytes = f:read("*a")
  f:close()
  return bytes
end

local describeLive = URL and describe or pending

describeLive("the plugin against a running Latent server", function()
  it("pairs by code, publishes three photos into a new roll with their gear, and the roll reads back", function()
    local web = Api.new({ baseUrl = URL, http = socketHttp, auth = { accessToken = function() return TOKEN end } })

    -- Pairing: the plugin asks for a code, the signed-in person confirms it (the lrcode page's call), the plugin polls.
    local setup = Pairing.fetchSetup(socketHttp, URL)
    local secret
    local pairing = Pairing.new({
      http = socketHttp,
      setup = setup,
      store = { get = function() return secret end, set = function(v) secret = v end },
      sleep = function() end,
      deviceName = "Lightroom Classic on macOS",
    })
    local pending = pairing:start()
    assert.truthy(pending.open_url:find(URL .. "/plugins/lrcode?code=", 1, true))
    assert.are.equal("pending", pairing:poll())
    -- The page shows who asks; the person says it is their Lightroom.
    local asking = web:request("POST", "/api/plugins/lightroom/pending", { code = pending.user_code })
    assert.are.equal("Lightroom Classic on macOS", asking.device)
    local confirmed = web:request("POST", "/api/plugins/lightroom/confirm", { code = pending.user_code, device_confirmed = true })
    assert.are.equal("Lightroom Classic on macOS", confirmed.client)
    assert.are.equal("paired", pairing:wait())
    assert.truthy(secret)

    -- From here on only the plugin's own tokens are used.
    local api = Api.new({ baseUrl = URL, http = socketHttp, auth = pairing })
    local camera = api:request("POST", "/api/cameras", { metadata = { brand = "Mamiya", model = "RZ67 Pro II", type = "medium-format", format = "120", frame_size = "6x7" } })
    local lens = api:request("POST", "/api/lenses", { metadata = { brand = "Mamiya", model = "Sekor Z 110mm f/2.8 W", min_focal = 110, max_focal = 110, max_aperture = 2.8 } })

    local publisher = Publisher.new({ api = api })
    local stocks = api:filmStocks()
    local stock = stocks[1]
    local film, created = publisher:ensureRoll(nil, { stock = stock.brand .. "|" .. stock.model, format = stock.formats[1], collectionName = "From Lightroom" })
    assert.is_true(created)

    local sizes, ids = {}, {}
    for path in PHOTOS:gmatch("[^:]+") do
      local bytes = readFile(path)
      local id, fields = publisher:publish(film, {
        bytes = bytes,
        fileName = path:match("[^/]+$"),
        contentType = "image/jpeg",
        metadata = { cameraMake = "MAMIYA", cameraModel = "RZ67 Pro II", lens = "Mamiya Sekor Z 110mm f/2.8 W" },
      })
      ids[#ids + 1] = id
      sizes[#sizes + 1] = #bytes
      assert.are.same({ camera_id = camera.id, lens_id = lens.id }, fields)
    end
    assert.are.same({ film.id .. "/1", film.id .. "/2", film.id .. "/3" }, ids)

    -- Read back through the API with the person's web token: three shots, their sizes and gear.
    local roll = web:film(film.id)
    assert.are.equal("From Lightroom", roll.name)
    assert.are.equal(stock.brand, roll.brand)
    assert.are.equal(3, #roll.shots)
    table.sort(roll.shots, function(a, b) return a.index < b.index end)
    for i, shot in ipairs(roll.shots) do
      assert.are.equal(i, shot.index)
      assert.are.equal(sizes[i], shot.size)
      assert.are.equal(camera.id, shot.camera_id)
      assert.are.equal(lens.id, shot.lens_id)
    end

    -- Republishing the second photo replaces its shot; removing the third deletes it.
    local replacement = readFile(PHOTOS:match("[^:]+$"))
    assert.are.equal(film.id .. "/2", (Publisher.new({ api = api }):publish(roll, { bytes = replacement, publishedPhotoId = film.id .. "/2", metadata = {} })))
    publisher:remove({ film.id .. "/3" })
    roll = web:film(film.id)
    local byIndex = {}
    for _, shot in ipairs(roll.shots) do byIndex[shot.index] = shot end
    assert.are.equal(#replacement, byIndex[2].size)
    assert.is_nil(byIndex[3])

    -- Signing out ends the pairing on the server: the plugin is told it must pair again.
    pairing:signOut()
    local ok, err = pcall(api.user, api)
    assert.is_false(ok)
    assert.are.equal("not-paired", err.kind)
  end)
end)
