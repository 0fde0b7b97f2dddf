local Upload = require "LatentUpload"
local Api = require "LatentApi"
local Fake = require "fake_http"
local json = require "LatentJson"

describe("LatentUpload", function()
  it("cuts a file at the server's chunk size", function()
    assert.are.same({ { first = 1, last = 4 }, { first = 5, last = 8 }, { first = 9, last = 10 } }, Upload.chunks(10, 4))
    assert.are.same({ { first = 1, last = 8 } }, Upload.chunks(8, 8))
    assert.are.same({ { first = 1, last = 3 } }, Upload.chunks(3, 16 * 1024 * 1024))
  end)

  it("sends each chunk to its URL, in order, and reports progress", function()
    local fake = Fake.new()
    local received = {}
    fake:on("POST", "/api/film/shot/f1/2/upload$", function(request)
      local asked = json.decode(request.body)
      assert.are.equal(10, asked.content_length)
      assert.are.equal("image/jpeg", asked.content_type)
      assert.are.equal("a.jpg", asked.file_name)
      return { body = { max_upload_size = 4, upload_id = "u1", urls = { "/api/uploads/u1/1", "/api/uploads/u1/2", "/api/uploads/u1/3" } } }
    end)
    fake:on("PUT", "/api/uploads/u1/%d$", function(request)
      received[#received + 1] = request.body
      return { body = { complete = false } }
    end)
    local api = Api.new({ baseUrl = "http://latent.test", http = fake.http })
    local progress = {}
    local result = Upload.send(api, "f1", 2, "0123456789", { fileName = "a.jpg", onProgress = function(sent) progress[#progress + 1] = sent end })
    assert.are.same({ "0123", "4567", "89" }, received)
    assert.are.same({ 4, 8, 10 }, progress)
    assert.are.equal(3, result.parts)
  end)

  it("stops when the server's plan does not fit the file", function()
    local fake = Fake.new()
    fake:on("POST", "/upload$", { body = { max_upload_size = 4, upload_id = "u1", urls = { "/api/uploads/u1/1" } } })
    local api = Api.new({ baseUrl = "http://latent.test", http = fake.http })
    local ok, err = pcall(Upload.send, api, "f1", 1, "0123456789")
    assert.is_false(ok)
    assert.are.equal("server", err.kind)
    assert.are.equal(0, fake:count("PUT", "."))
  end)

  it("resends a chunk the network lost", function()
    local fake = Fake.new()
    fake:on("POST", "/upload$", { body = { max_upload_size = 4, upload_id = "u1", urls = { "/api/uploads/u1/1", "/api/uploads/u1/2" } } })
    fake:on("PUT", "/api/uploads/u1/2$", { false, { body = { complete = true } } })
    fake:on("PUT", "/api/uploads/u1/1$", { body = { complete = false } })
    local api = Api.new({ baseUrl = "http://latent.test", http = fake.http })
    Upload.send(api, "f1", 1, "0123456")
    assert.are.equal(2, fake:count("PUT", "/u1/2$"))
  end)
end)
