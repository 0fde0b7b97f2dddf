--[[ Glue: the "Latent" publish service. Collections are rolls; the logic lives in LatentPublisher and friends. ]]
local LrFileUtils = import "LrFileUtils"
local LrTasks = import "LrTasks"
local LrView = import "LrView"

local Dialogs = require "LatentDialogs"
local Errors = require "LatentErrors"
local Publisher = require "LatentPublisher"
local Roll = require "LatentRoll"
local Session = require "LatentSession"

local bind = LrView.bind

-- The roll formats and processes of Latent's catalogue (packages/domain/src/film-config.ts).
local FORMATS = { "135", "120", "220", "sheet", "110", "APS" }
local PROCESSES = { "C-41", "E-6", "B/N", "ECN-2" }

-- Errors after which the other photos would fail the same way.
local STOPS_PUBLISHING = { ["not-paired"] = true, ["pairing-expired"] = true, ["plan-limit"] = true, network = true }

local provider = {
  supportsIncrementalPublish = "only",
  hideSections = { "exportLocation" },
  allowFileFormats = { "JPEG", "TIFF" },
  canExportVideo = false,
  exportPresetFields = { { key = "serverUrl", default = "https://" } },
  titleForPublishedCollection = LOC "$$$/Latent/Collection=Roll",
  titleForPublishedCollection_standalone = LOC "$$$/Latent/CollectionStandalone=Roll",
  titleForGoToPublishedCollection = LOC "$$$/Latent/GoToRoll=Show roll in Latent",
}

function provider.getCollectionBehaviorInfo()
  return {
    defaultCollectionName = LOC "$$$/Latent/DefaultCollection=New roll",
    defaultCollectionCanBeDeleted = true,
    canAddCollection = true,
    maxCollectionSetDepth = 0,
  }
end

function provider.metadataThatTriggersRepublish()
  -- The shot's gear comes from the camera and lens: a change there republishes; titles and keywords are not sent.
  return { default = false, cameraInfo = true }
end

local function refreshStatus(propertyTable)
  propertyTable.latentPaired = Session.isPaired(propertyTable.serverUrl)
  propertyTable.latentStatus = propertyTable.latentPaired and LOC "$$$/Latent/Status/Paired=Paired with Latent."
    or LOC "$$$/Latent/Status/NotPaired=Not paired yet: click “Pair with Latent” and confirm the code in your browser."
end

function provider.sectionsForTopOfDialog(f, propertyTable)
  refreshStatus(propertyTable)
  propertyTable:addObserver("serverUrl", function() refreshStatus(propertyTable) end)
  return {
    {
      title = LOC "$$$/Latent/Section/Account=Latent account",
      synopsis = bind("latentStatus"),
      f:row({
        f:static_text({ title = LOC "$$$/Latent/Section/Server=Server:", alignment = "right", width = LrView.share("label") }),
        f:edit_field({ value = bind("serverUrl"), width_in_chars = 36, immediate = false }),
      }),
      f:row({
        f:spacer({ width = LrView.share("label") }),
        f:static_text({ title = bind("latentStatus"), fill_horizontal = 1, height_in_lines = 2 }),
      }),
      f:row({
        f:spacer({ width = LrView.share("label") }),
        f:push_button({
          title = LOC "$$$/Latent/Pair/Button=Pair with Latent",
          action = function() Dialogs.pair(propertyTable.serverUrl, function() refreshStatus(propertyTable) end) end,
        }),
        f:push_button({
          title = LOC "$$$/Latent/SignOut/Button=Sign out",
          enabled = bind("latentPaired"),
          action = function() Dialogs.signOut(propertyTable.serverUrl, function() refreshStatus(propertyTable) end) end,
        }),
      }),
    },
  }
end

local function choices(list)
  local items = {}
  for i, v in ipairs(list) do items[i] = { title = v, value = v } end
  return items
end

--- The collection's roll: an existing one, or a new one from the catalogue's stock, ISO, format and process.
function provider.viewForCollectionSettings(f, publishSettings, info)
  local settings = info.collectionSettings
  settings.stockItems = settings.stockItems or { { title = LOC "$$$/Latent/Roll/Loading=Loading…", value = "" } }
  settings.rollItems = settings.rollItems or { { title = LOC "$$$/Latent/Roll/New=A new roll from these settings", value = "" } }
  settings.filmId = settings.filmId or ""
  -- The catalogue and the existing rolls come from the server, after the dialog opens.
  LrTasks.startAsyncTask(function()
    Dialogs.guard(function()
      local api = Session.get(publishSettings.serverUrl).api
      local stocks = api:filmStocks()
      settings.stockItems = Roll.stockChoices(stocks)
      local rolls = { { title = LOC "$$$/Latent/Roll/New=A new roll from these settings", value = "" } }
      for _, film in ipairs(api:films() or {}) do
        local name = film.name ~= "" and film.name or (film.brand .. " " .. film.model)
        rolls[#rolls + 1] = { title = name .. " (" .. film.brand .. " " .. film.model .. ", " .. film.format .. ")", value = film.id }
      end
      settings.rollItems = rolls
      settings:addObserver("stock", function(props, _, value)
        local stock = Roll.findStock(stocks, value)
        if stock then
          props.iso = stock.iso
          props.format = stock.formats[1]
          props.process = stock.process
        end
      end)
    end)
  end)
  local newRoll = LrView.bind({ key = "filmId", transform = function(value) return value == "" or value == nil end })
  return f:group_box({
    title = LOC "$$$/Latent/Roll/Title=Latent roll",
    fill_horizontal = 1,
    bind_to_object = settings,
    f:row({
      f:static_text({ title = LOC "$$$/Latent/Roll/Existing=Roll:", width = LrView.share("rollLabel"), alignment = "right" }),
      f:popup_menu({ items = bind("rollItems"), value = bind("filmId"), width_in_chars = 40 }),
    }),
    f:row({
      f:static_text({ title = LOC "$$$/Latent/Roll/Stock=Film stock:", width = LrView.share("rollLabel"), alignment = "right" }),
      f:popup_menu({ items = bind("stockItems"), value = bind("stock"), enabled = newRoll, width_in_chars = 40 }),
    }),
    f:row({
      f:static_text({ title = LOC "$$$/Latent/Roll/Iso=ISO:", width = LrView.share("rollLabel"), alignment = "right" }),
      f:edit_field({ value = bind("iso"), enabled = newRoll, width_in_chars = 6, min = 1, max = 102400, precision = 0 }),
      f:static_text({ title = LOC "$$$/Latent/Roll/Format=Format:" }),
      f:popup_menu({ items = choices(FORMATS), value = bind("format"), enabled = newRoll }),
      f:static_text({ title = LOC "$$$/Latent/Roll/Process=Process:" }),
      f:popup_menu({ items = choices(PROCESSES), value = bind("process"), enabled = newRoll }),
    }),
  })
end

--- Marks every photo of this publish as not published (the roll could not be reached or made).
local function failAll(exportContext, message)
  for _, rendition in exportContext:renditions() do
    rendition:skipRender()
    rendition:uploadFailed(message)
  end
end

function provider.processRenderedPhotos(_functionContext, exportContext)
  local exportSession = exportContext.exportSession
  local publishSettings = exportContext.propertyTable
  local collection = exportContext.publishedCollection
  local info = exportContext.publishedCollectionInfo
  local summary = collection and collection:getCollectionInfoSummary() or {}
  local settings = summary.collectionSettings or {}
  local count = exportSession:countRenditions()
  local progress = exportContext:configureProgress({
    title = LOC("$$$/Latent/Publish/Progress=Publishing ^1 photos to Latent", count),
  })
  local notPublished = LOC "$$$/Latent/Publish/Skipped=Not published: see the message above"

  local session = Dialogs.guard(Session.get, publishSettings.serverUrl)
  local publisher = session and Publisher.new({ api = session.api })
  local film = publisher and Dialogs.guard(function()
    return publisher:ensureRoll(info and info.remoteId, {
      filmId = settings.filmId,
      stock = settings.stock,
      iso = settings.iso,
      format = settings.format,
      process = settings.process,
      collectionName = info and info.name,
    })
  end)
  if not film then return failAll(exportContext, notPublished) end
  exportSession:recordRemoteCollectionId(film.id)
  exportSession:recordRemoteCollectionUrl(session.url .. "/u/films/" .. film.id)

  local stopped = false
  for i, rendition in exportContext:renditions({ stopIfCanceled = true }) do
    progress:setPortionComplete((i - 1) / count)
    local rendered, pathOrMessage = rendition:waitForRender()
    if progress:isCanceled() then break end
    if stopped then
      rendition:uploadFailed(notPublished)
    elseif not rendered then
      rendition:uploadFailed(pathOrMessage)
    else
      local photo = rendition.photo
      local item = {
        bytes = LrFileUtils.readFile(pathOrMessage),
        fileName = pathOrMessage:match("[^/\\]+$"),
        contentType = pathOrMessage:lower():match("%.tiff?$") and "image/tiff" or "image/jpeg",
        publishedPhotoId = rendition.publishedPhotoId,
        metadata = {
          cameraMake = photo:getFormattedMetadata("cameraMake"),
          cameraModel = photo:getFormattedMetadata("cameraModel"),
          lens = photo:getFormattedMetadata("lens"),
        },
      }
      LrFileUtils.delete(pathOrMessage)
      local ok, result
      repeat
        ok, result = LrTasks.pcall(publisher.publish, publisher, film, item)
        -- A network that stays down after the client's own retries: the person may retry this photo.
        local again = not ok and Errors.isLatent(result) and result.retry and Dialogs.show(result)
      until ok or not again
      if ok then
        rendition:recordPublishedPhotoId(result)
        rendition:recordPublishedPhotoUrl(session.url .. "/u/films/" .. film.id)
      else
        local key, detail = Errors.describe(result)
        rendition:uploadFailed(LOC(key, detail))
        -- After these the other photos would fail the same way: stop, and tell the person once.
        if Errors.isLatent(result) and STOPS_PUBLISHING[result.kind] then
          stopped = true
          if not result.retry then Dialogs.show(result) end
        end
      end
    end
  end
  progress:done()
end

--- Photos removed from the collection: their shots are deleted from the roll.
function provider.deletePhotosFromPublishedCollection(publishSettings, arrayOfPhotoIds, deletedCallback)
  Dialogs.guard(function()
    Publisher.new({ api = Session.get(publishSettings.serverUrl).api }):remove(arrayOfPhotoIds, deletedCallback)
  end)
end

--- A deleted collection leaves its roll in Latent: a roll holds more than what Lightroom published (stock, gear,
--- shots uploaded on the web), so it is deleted there, on purpose, if at all.
function provider.deletePublishedCollection() end

return provider
