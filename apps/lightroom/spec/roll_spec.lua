local Roll = require "LatentRoll"

local stocks = {
  { brand = "Kodak", model = "Portra 400", iso = 400, process = "C-41", formats = { "135", "120" }, discontinued = false },
  { brand = "Ilford", model = "HP5 Plus", iso = 400, process = "B/N", formats = { "135", "120", "sheet" }, discontinued = false },
  { brand = "Kodak", model = "Kodachrome 64", iso = 64, process = "E-6", formats = { "135" }, discontinued = true },
}

describe("LatentRoll", function()
  it("offers the catalogue's current stocks, sorted", function()
    local choices = Roll.stockChoices(stocks)
    assert.are.same({ "Ilford HP5 Plus", "Kodak Portra 400" }, { choices[1].title, choices[2].title })
    assert.are.equal("Kodak|Portra 400", choices[2].value)
  end)

  it("makes a new roll's body from the stock and the dialog's choices", function()
    assert.are.same({ name = "Lisbon", brand = "Ilford", model = "HP5 Plus", iso = 1600, format = "120", process = "B/N" },
      Roll.newFilmBody(stocks, { stock = "Ilford|HP5 Plus", iso = "1600", format = "120", name = "Lisbon" }))
    assert.are.same({ name = "", brand = "Kodak", model = "Portra 400", iso = 400, format = "135", process = "C-41" },
      Roll.newFilmBody(stocks, { stock = "Kodak|Portra 400" }))
  end)

  it("refuses a stock or format the catalogue does not have", function()
    assert.are.same({ nil, "stock" }, { Roll.newFilmBody(stocks, { stock = "Agfa|Nothing" }) })
    assert.are.same({ nil, "format" }, { Roll.newFilmBody(stocks, { stock = "Kodak|Portra 400", format = "sheet" }) })
  end)

  it("gives the next free shot index, skipping the roll's shots and those given in this publish", function()
    assert.are.equal(1, Roll.nextFreeIndex({}, {}))
    assert.are.equal(3, Roll.nextFreeIndex({ { index = 1 }, { index = 2 }, { index = 5 } }, {}))
    assert.are.equal(4, Roll.nextFreeIndex({ { index = 1 }, { index = 2 } }, { [3] = true }))
  end)

  it("names a published photo by its roll and shot", function()
    assert.are.equal("f-1/12", Roll.remoteId("f-1", 12))
    assert.are.same({ "f-1", 12 }, { Roll.parseRemoteId("f-1/12") })
    assert.is_nil(Roll.parseRemoteId("garbage"))
    assert.is_nil(Roll.parseRemoteId(nil))
  end)
end)
