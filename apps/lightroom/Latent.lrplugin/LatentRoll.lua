--[[ Rolls as Lightroom's published collections: a collection creates its roll from the catalogue's stocks (stock,
ISO, format, process chosen in the dialog) or names an existing roll; a photo's published id is `roll id/shot index`. ]]

local Roll = {}

--- The dialog's stock choices, sorted by brand and model: `{title = "Kodak Portra 400", value = "Kodak|Portra 400"}`.
function Roll.stockChoices(stocks)
  local sorted = {}
  for _, s in ipairs(stocks or {}) do
    if not s.discontinued then sorted[#sorted + 1] = s end
  end
  table.sort(sorted, function(a, b)
    if a.brand ~= b.brand then return a.brand < b.brand end
    return a.model < b.model
  end)
  local choices = {}
  for i, s in ipairs(sorted) do choices[i] = { title = s.brand .. " " .. s.model, value = s.brand .. "|" .. s.model } end
  return choices
end

function Roll.findStock(stocks, value)
  for _, s in ipairs(stocks or {}) do
    if s.brand .. "|" .. s.model == value then return s end
  end
  return nil
end

--- The body of `POST /api/film` from a collection's settings: {stock, iso, format, process, name}. The stock gives
--- ISO, format and process unless the settings chose others (a pushed roll, a stock in another format).
function Roll.newFilmBody(stocks, settings)
  local stock = Roll.findStock(stocks, settings.stock)
  if not stock then return nil, "stock" end
  local format = settings.format or stock.formats[1]
  local known = false
  for _, f in ipairs(stock.formats) do known = known or f == format end
  if not known then return nil, "format" end
  return {
    name = settings.name or "",
    brand = stock.brand,
    model = stock.model,
    iso = tonumber(settings.iso) or stock.iso,
    format = format,
    process = settings.process or stock.process,
  }
end

--- The smallest shot index from 1 not held by the roll's shots nor by `taken` (indexes given in this publish).
function Roll.nextFreeIndex(shots, taken)
  local used = {}
  for _, shot in ipairs(shots or {}) do used[shot.index] = true end
  for index in pairs(taken or {}) do used[index] = true end
  local index = 1
  while used[index] do index = index + 1 end
  return index
end

function Roll.remoteId(filmId, index) return filmId .. "/" .. index end

--- The roll id and shot index of a published photo's id, or nil for anything else.
function Roll.parseRemoteId(id)
  if type(id) ~= "string" then return nil end
  local filmId, index = id:match("^([^/]+)/(%d+)$")
  if not filmId then return nil end
  return filmId, tonumber(index)
end

return Roll
