--[[ "Latent favourites → collection", free of Lightroom: the favourites guests marked on a published roll come as
the roll's file names (`GET /api/film/{id}/favourites?format=txt`, one per line, the list people paste into
Lightroom's filter) and are matched to the photos of the roll's published collection by name, without the extension:
the roll holds the rendered JPEG or TIFF (`DSC_0012.jpg`) of the catalogue's photo (`DSC_0012.NEF`). ]]

local Favourites = {}

--- The favourited file names of a roll, in roll order.
function Favourites.fetch(api, filmId)
  local text = api:request("GET", "/api/film/" .. api.urlEncode(filmId) .. "/favourites?format=txt", nil, { text = true })
  return Favourites.parse(text)
end

--- One name a line; blank lines, surrounding spaces and Windows line ends left out.
function Favourites.parse(text)
  local names = {}
  for line in ((text or "") .. "\n"):gmatch("([^\n]*)\n") do
    local name = line:gsub("\r$", ""):match("^%s*(.-)%s*$")
    if name ~= "" then names[#names + 1] = name end
  end
  return names
end

--- A file name's key for matching: no folder, no extension, lower case.
function Favourites.key(fileName)
  local base = tostring(fileName or ""):match("[^/\\]+$") or ""
  return (base:gsub("%.[^%.]*$", "")):lower()
end

--- The photos (`{fileName = …}` and anything else) whose names are among `names`, in the names' order, each once;
--- and the names no photo matched (a frame uploaded on the web, a photo since removed from the collection).
function Favourites.match(names, photos)
  local byKey = {}
  for _, photo in ipairs(photos or {}) do
    local key = Favourites.key(photo.fileName)
    if key ~= "" and not byKey[key] then byKey[key] = photo end
  end
  local matched, missing, seen = {}, {}, {}
  for _, name in ipairs(names or {}) do
    local photo = byKey[Favourites.key(name)]
    if photo and not seen[photo] then
      seen[photo] = true
      matched[#matched + 1] = photo
    elseif not photo then
      missing[#missing + 1] = name
    end
  end
  return matched, missing
end

return Favourites
