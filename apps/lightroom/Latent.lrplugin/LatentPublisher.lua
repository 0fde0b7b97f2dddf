--[[ One publish of a collection to its roll, free of Lightroom: the glue renders each photo and hands its bytes and
metadata here. New photos go to the roll's next free shot index, a republished photo replaces its own shot, a photo
removed from the collection deletes its shot, and the camera and lens fill the shot's gear where they match. ]]

local Gear = require "LatentGear"
local Roll = require "LatentRoll"
local Upload = require "LatentUpload"
local Errors = require "LatentErrors"

local Publisher = {}
Publisher.__index = Publisher

function Publisher.new(options)
  local self = setmetatable({}, Publisher)
  self.api = assert(options.api, "api")
  self.taken = {}
  return self
end

function Publisher:filmOrNil(id)
  local film = self.api:request("GET", "/api/film/" .. self.api.urlEncode(id), nil, { allow = { [404] = true } })
  return film
end

--- The roll a collection publishes to: the one it was published to before (while it exists), the existing roll its
--- settings name, or a new one made from its settings (stock, ISO, format, process). Answers the roll with its shots.
function Publisher:ensureRoll(remoteId, settings)
  settings = settings or {}
  local wanted = remoteId or settings.filmId
  if wanted and wanted ~= "" then
    local film = self:filmOrNil(wanted)
    if film then return film, false end
  end
  local body, problem = Roll.newFilmBody(self.api:filmStocks(), settings)
  if not body then Errors.raise("server", { code = "invalid-new-film", message = "Choose the roll's " .. problem .. " in the collection's settings" }) end
  if not body.name or body.name == "" then body.name = settings.collectionName or "" end
  return self.api:createFilm(body), true
end

function Publisher:gear()
  if not self.cameras then
    self.cameras = self.api:cameras() or {}
    self.lenses = self.api:lenses() or {}
  end
  return self.cameras, self.lenses
end

--- Publishes one rendered photo. item: bytes, fileName, contentType, publishedPhotoId (a republish), metadata
--- {cameraMake, cameraModel, lens}, onProgress. Answers the photo's published id and the gear fields it set.
function Publisher:publish(film, item)
  local filmId, index = Roll.parseRemoteId(item.publishedPhotoId)
  if filmId ~= film.id or self.taken[index] then index = nil end
  index = index or Roll.nextFreeIndex(film.shots, self.taken)
  self.taken[index] = true
  Upload.send(self.api, film.id, index, item.bytes, { contentType = item.contentType, fileName = item.fileName, onProgress = item.onProgress })
  local cameras, lenses = self:gear()
  local fields = Gear.shotFields(item.metadata or {}, cameras, lenses)
  if next(fields) then self.api:updateShot(film.id, index, fields) end
  return Roll.remoteId(film.id, index), fields
end

--- Deletes the shots of photos removed from the collection; calls `deleted(id)` for each one gone.
function Publisher:remove(publishedIds, deleted)
  for _, id in ipairs(publishedIds) do
    local filmId, index = Roll.parseRemoteId(id)
    if filmId then self.api:deleteShot(filmId, index) end
    if deleted then deleted(id) end
  end
end

return Publisher
