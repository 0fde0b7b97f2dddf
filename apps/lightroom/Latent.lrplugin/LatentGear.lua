--[[ Lightroom's camera and lens metadata (EXIF Make, Model, Lens) matched to the photographer's gear by brand and
model (spec §5's gear lookup). EXIF spells makers its own way ("NIKON CORPORATION", "OLYMPUS IMAGING CORP.") and
often repeats the maker in the model ("NIKON F3"), so both sides are reduced to plain words first. ]]

local Gear = {}

-- Words makers add to their EXIF name that no one types for their gear.
local NOISE = {
  corporation = true, corp = true, co = true, ltd = true, inc = true, imaging = true, company = true,
  optical = true, camera = true, cameras = true, gmbh = true, ag = true, kk = true,
}

--- Lower case words of letters and digits, the makers' noise words dropped.
function Gear.words(text)
  local words = {}
  for word in tostring(text or ""):lower():gmatch("[%w]+") do
    if not NOISE[word] then words[#words + 1] = word end
  end
  return words
end

local function joined(text) return table.concat(Gear.words(text), " ") end

-- Whether the words of `needle` appear in `haystack` as a run of whole words.
local function containsRun(haystack, needle)
  if needle == "" then return false end
  return (" " .. haystack .. " "):find(" " .. needle .. " ", 1, true) ~= nil
end

local function brandMatches(gearBrand, make)
  local brand, maker = joined(gearBrand), joined(make)
  if brand == "" or maker == "" then return false end
  return containsRun(maker, brand) or containsRun(brand, maker)
end

-- The model as EXIF gives it, without the maker's words in front ("NIKON F3" → "f3").
local function bareModel(model, gearBrand)
  local m = joined(model)
  local brand = joined(gearBrand)
  if brand ~= "" and m:sub(1, #brand + 1) == brand .. " " then m = m:sub(#brand + 2) end
  return m
end

--- The camera (`{id, metadata = {brand, model}}`) of `cameras` that a photo's Make and Model name, or nil.
function Gear.matchCamera(cameras, make, model)
  if not model or model == "" then return nil end
  local best, bestScore = nil, 0
  for _, camera in ipairs(cameras or {}) do
    local m = camera.metadata or camera
    local gearModel = joined(m.model)
    local exifModel = bareModel(model, m.brand)
    local brandOk = brandMatches(m.brand, make) or (make == nil or make == "") and containsRun(joined(model), joined(m.brand))
    local score = 0
    if brandOk and gearModel == exifModel then
      score = 3
    elseif brandOk and containsRun(exifModel, gearModel) then
      score = 2
    elseif (make == nil or make == "") and gearModel == exifModel then
      score = 1
    end
    if score > bestScore then best, bestScore = camera, score end
  end
  return best
end

--- The lens of `lenses` that a photo's Lens field names (with the camera's Make as the brand when the lens omits it).
function Gear.matchLens(lenses, lens, make)
  if not lens or lens == "" then return nil end
  local exif = joined(lens)
  local best, bestLength = nil, 0
  for _, candidate in ipairs(lenses or {}) do
    local m = candidate.metadata or candidate
    local model = joined(m.model)
    local brand = joined(m.brand)
    local brandOk = containsRun(exif, brand) or brandMatches(m.brand, make)
    if brandOk and (containsRun(exif, model) or bareModel(lens, m.brand) == model) and #model > bestLength then
      best, bestLength = candidate, #model
    end
  end
  return best
end

--- The shot fields a photo's metadata fills: `{camera_id = …, lens_id = …}`, only those that matched.
function Gear.shotFields(metadata, cameras, lenses)
  local fields = {}
  local camera = Gear.matchCamera(cameras, metadata.cameraMake, metadata.cameraModel)
  if camera then fields.camera_id = camera.id end
  local lens = Gear.matchLens(lenses, metadata.lens, metadata.cameraMake)
  if lens then fields.lens_id = lens.id end
  return fields
end

return Gear
