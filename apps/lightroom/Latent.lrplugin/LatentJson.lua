--[[ JSON for the API's requests and answers: Lightroom ships no JSON library. Objects decode to tables, arrays to
sequences; `json.null` stands for null inside arrays only (in objects a null field is simply absent). ]]

local json = {}
json.null = setmetatable({}, { __tostring = function() return "null" end })

local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

local function encodeString(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end

-- A table is an array when its keys are exactly 1..n (an empty table is an object unless marked `json.array`).
local arrayMark = {}
function json.array(t)
  return setmetatable(t or {}, arrayMark)
end

local function isArray(t)
  if getmetatable(t) == arrayMark then return true end
  local n = 0
  for k in pairs(t) do
    if type(k) ~= "number" or k < 1 or math.floor(k) ~= k then return false end
    n = n + 1
  end
  return n > 0 and n == #t
end

function json.encode(value)
  local kind = type(value)
  if value == nil or value == json.null then return "null" end
  if kind == "boolean" then return tostring(value) end
  if kind == "number" then
    if value ~= value or value == math.huge or value == -math.huge then error("json: cannot encode " .. tostring(value)) end
    if math.floor(value) == value and math.abs(value) < 2 ^ 53 then return string.format("%d", value) end
    return string.format("%.14g", value)
  end
  if kind == "string" then return encodeString(value) end
  if kind == "table" then
    local parts = {}
    if isArray(value) then
      for i = 1, #value do parts[i] = json.encode(value[i]) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(value) do
      if type(k) ~= "string" then error("json: object keys must be strings") end
      keys[#keys + 1] = k
    end
    table.sort(keys)
    for i, k in ipairs(keys) do parts[i] = encodeString(k) .. ":" .. json.encode(value[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  error("json: cannot encode a " .. kind)
end

local function utf8(code)
  if code < 0x80 then return string.char(code) end
  if code < 0x800 then return string.char(0xC0 + math.floor(code / 0x40), 0x80 + code % 0x40) end
  if code < 0x10000 then
    return string.char(0xE0 + math.floor(code / 0x1000), 0x80 + math.floor(code / 0x40) % 0x40, 0x80 + code % 0x40)
  end
  return string.char(0xF0 + math.floor(code / 0x40000), 0x80 + math.floor(code / 0x1000) % 0x40,
    0x80 + math.floor(code / 0x40) % 0x40, 0x80 + code % 0x40)
end

function json.decode(text)
  if type(text) ~= "string" then error("json: nothing to decode") end
  local pos = 1
  local function fail(what) error(string.format("json: %s at character %d", what, pos)) end
  local function skip() pos = text:find("[^ \t\r\n]", pos) or #text + 1 end
  local value

  local function str()
    pos = pos + 1
    local out = {}
    while true do
      local c = text:sub(pos, pos)
      if c == "" then fail("unterminated string") end
      if c == '"' then pos = pos + 1; break end
      if c == "\\" then
        local e = text:sub(pos + 1, pos + 1)
        local simple = { b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", ['"'] = '"', ["\\"] = "\\", ["/"] = "/" }
        if simple[e] then
          out[#out + 1] = simple[e]; pos = pos + 2
        elseif e == "u" then
          local code = tonumber(text:sub(pos + 2, pos + 5), 16) or fail("bad \\u escape")
          pos = pos + 6
          if code >= 0xD800 and code <= 0xDBFF and text:sub(pos, pos + 1) == "\\u" then
            local low = tonumber(text:sub(pos + 2, pos + 5), 16)
            if low and low >= 0xDC00 and low <= 0xDFFF then
              code = 0x10000 + (code - 0xD800) * 0x400 + (low - 0xDC00)
              pos = pos + 6
            end
          end
          out[#out + 1] = utf8(code)
        else
          fail("bad escape")
        end
      else
        local stop = text:find('["\\]', pos) or #text + 1
        out[#out + 1] = text:sub(pos, stop - 1)
        pos = stop
      end
    end
    return table.concat(out)
  end

  function value()
    skip()
    local c = text:sub(pos, pos)
    if c == "{" then
      local obj = {}
      pos = pos + 1; skip()
      if text:sub(pos, pos) == "}" then pos = pos + 1; return obj end
      while true do
        skip()
        if text:sub(pos, pos) ~= '"' then fail("expected a key") end
        local k = str()
        skip()
        if text:sub(pos, pos) ~= ":" then fail("expected ':'") end
        pos = pos + 1
        local v = value()
        if v ~= json.null then obj[k] = v end
        skip()
        local d = text:sub(pos, pos)
        pos = pos + 1
        if d == "}" then return obj end
        if d ~= "," then fail("expected ',' or '}'") end
      end
    elseif c == "[" then
      local arr = json.array({})
      pos = pos + 1; skip()
      if text:sub(pos, pos) == "]" then pos = pos + 1; return arr end
      while true do
        arr[#arr + 1] = value()
        skip()
        local d = text:sub(pos, pos)
        pos = pos + 1
        if d == "]" then return arr end
        if d ~= "," then fail("expected ',' or ']'") end
      end
    elseif c == '"' then
      return str()
    elseif text:sub(pos, pos + 3) == "true" then pos = pos + 4; return true
    elseif text:sub(pos, pos + 4) == "false" then pos = pos + 5; return false
    elseif text:sub(pos, pos + 3) == "null" then pos = pos + 4; return json.null
    end
    local num = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
    if not num or num == "" then fail("unexpected character") end
    pos = pos + #num
    return tonumber(num) or fail("bad number")
  end

  local result = value()
  skip()
  if pos <= #text then fail("trailing characters") end
  if result == json.null then return nil end
  return result
end

return json
