--[[ Glue: Library › Plug-in Extras › "Latent favourites → collection". For the Latent published collection chosen in
the Library, it fetches the roll's favourites (LatentFavourites) and puts the matching photos in a collection of
their own, made again on each run so it follows the guests' latest choice. ]]
local LrApplication = import "LrApplication"
local LrDialogs = import "LrDialogs"
local LrTasks = import "LrTasks"

local Dialogs = require "LatentDialogs"
local Favourites = require "LatentFavourites"
local Session = require "LatentSession"

--- The chosen source that is one of this plugin's published collections (a roll), or nil.
local function publishedRoll(catalog)
  for _, source in ipairs(catalog:getActiveSources() or {}) do
    if type(source) == "table" and source.type and source:type() == "LrPublishedCollection" then
      local service = source:getService()
      if service and service:getPluginId() == _PLUGIN.id and source:getRemoteId() then return source, service end
    end
  end
  return nil
end

LrTasks.startAsyncTask(function()
  local catalog = LrApplication.activeCatalog()
  local collection, service = publishedRoll(catalog)
  if not collection then
    LrDialogs.message(
      LOC "$$$/Latent/Favourites/Title=Latent favourites",
      LOC "$$$/Latent/Favourites/ChooseRoll=Choose a Latent roll (a published collection of the Latent service) in the Library first.",
      "info"
    )
    return
  end
  Dialogs.guard(function()
    local api = Session.get(service:getPublishSettings().serverUrl).api
    local names = Favourites.fetch(api, collection:getRemoteId())
    local photos = {}
    for _, published in ipairs(collection:getPublishedPhotos() or {}) do
      local photo = published:getPhoto()
      photos[#photos + 1] = { photo = photo, fileName = photo:getFormattedMetadata("fileName") }
    end
    local matched, missing = Favourites.match(names, photos)
    local title = LOC("$$$/Latent/Favourites/Collection=Latent favourites ^1", collection:getName())
    catalog:withWriteAccessDo(title, function()
      local target = catalog:createCollection(title, nil, true)
      target:removeAllPhotos()
      local list = {}
      for i, item in ipairs(matched) do list[i] = item.photo end
      if #list > 0 then target:addPhotos(list) end
    end)
    local text = LOC("$$$/Latent/Favourites/Done=^1 favourite photos are in the collection “^2”.", #matched, title)
    if #missing > 0 then
      text = text .. "\n" .. LOC("$$$/Latent/Favourites/Missing=Not in this collection: ^1", table.concat(missing, ", "))
    end
    LrDialogs.message(LOC "$$$/Latent/Favourites/Title=Latent favourites", text, "info")
  end)
end)
