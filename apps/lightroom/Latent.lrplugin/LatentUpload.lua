--[[ Chunked uploads as the server plans them: `POST film/shot/{id}/{index}/upload` answers the chunk size
(`max_upload_size`) and one URL per chunk; chunk n holds bytes [n * size, (n + 1) * size) and is sent by PUT. ]]

local Errors = require "LatentErrors"

local Upload = {}

--- The byte ranges (1-based, inclusive) of a file of `total` bytes cut at `size`.
function Upload.chunks(total, size)
  assert(size and size > 0, "chunk size")
  local ranges = {}
  local first = 1
  repeat
    local last = math.min(first + size - 1, total)
    ranges[#ranges + 1] = { first = first, last = last }
    first = last + 1
  until first > total
  return ranges
end

--- Uploads `bytes` into shot `index` of a roll. options: contentType, fileName, onProgress(sentBytes, total).
function Upload.send(api, filmId, index, bytes, options)
  options = options or {}
  local total = #bytes
  local plan = api:beginUpload(filmId, index, {
    content_type = options.contentType or "image/jpeg",
    content_length = total,
    file_name = options.fileName,
  })
  local ranges = Upload.chunks(total, plan.max_upload_size)
  if #ranges ~= #plan.urls then
    Errors.raise("server", { message = string.format("the server planned %d chunks for %d bytes", #plan.urls, total) })
  end
  local sent = 0
  for i, range in ipairs(ranges) do
    -- Each chunk is idempotent on the server: the API client's retries may send one twice.
    api:putPart(plan.urls[i], bytes:sub(range.first, range.last))
    sent = range.last
    if options.onProgress then options.onProgress(sent, total) end
  end
  return { upload_id = plan.upload_id, parts = #ranges }
end

return Upload
