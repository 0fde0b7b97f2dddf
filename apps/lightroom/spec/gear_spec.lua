local Gear = require "LatentGear"

local cameras = {
  { id = "c-f3", metadata = { brand = "Nikon", model = "F3" } },
  { id = "c-fm2", metadata = { brand = "Nikon", model = "FM2" } },
  { id = "c-om1", metadata = { brand = "Olympus", model = "OM-1" } },
  { id = "c-rz", metadata = { brand = "Mamiya", model = "RZ67 Pro II" } },
}
local lenses = {
  { id = "l-50", metadata = { brand = "Nikon", model = "Nikkor 50mm f/1.4" } },
  { id = "l-50ais", metadata = { brand = "Nikon", model = "Nikkor 50mm f/1.4 AI-S" } },
  { id = "l-zuiko", metadata = { brand = "Olympus", model = "Zuiko 50mm f/1.8" } },
}

describe("LatentGear", function()
  it("matches EXIF's maker names and models to the photographer's cameras", function()
    assert.are.equal("c-f3", Gear.matchCamera(cameras, "NIKON CORPORATION", "NIKON F3").id)
    assert.are.equal("c-fm2", Gear.matchCamera(cameras, "Nikon", "FM2").id)
    assert.are.equal("c-om1", Gear.matchCamera(cameras, "OLYMPUS IMAGING CORP.", "OM-1").id)
    assert.are.equal("c-rz", Gear.matchCamera(cameras, "Mamiya", "RZ67 Pro II").id)
  end)

  it("does not take another maker's camera of the same model, nor a similar model", function()
    assert.is_nil(Gear.matchCamera(cameras, "Canon", "F3"))
    assert.is_nil(Gear.matchCamera(cameras, "Nikon", "F"))
    assert.is_nil(Gear.matchCamera(cameras, "Nikon", ""))
    assert.is_nil(Gear.matchCamera({}, "Nikon", "F3"))
  end)

  it("matches a lens by its model in the Lens field, the most precise one first", function()
    assert.are.equal("l-50ais", Gear.matchLens(lenses, "Nikon Nikkor 50mm f/1.4 AI-S", "NIKON CORPORATION").id)
    assert.are.equal("l-50", Gear.matchLens(lenses, "Nikkor 50mm f/1.4", "NIKON CORPORATION").id)
    assert.are.equal("l-zuiko", Gear.matchLens(lenses, "OLYMPUS Zuiko 50mm F/1.8", nil).id)
    assert.is_nil(Gear.matchLens(lenses, "Nikkor 50mm f/1.4", "Canon"))
    assert.is_nil(Gear.matchLens(lenses, nil, "Nikon"))
  end)

  it("fills only the shot fields that matched", function()
    assert.are.same({ camera_id = "c-f3", lens_id = "l-50" },
      Gear.shotFields({ cameraMake = "NIKON CORPORATION", cameraModel = "NIKON F3", lens = "Nikkor 50mm f/1.4" }, cameras, lenses))
    assert.are.same({ camera_id = "c-om1" }, Gear.shotFields({ cameraMake = "Olympus", cameraModel = "OM-1", lens = "Helios 44-2" }, cameras, lenses))
    assert.are.same({}, Gear.shotFields({}, cameras, lenses))
  end)
end)
