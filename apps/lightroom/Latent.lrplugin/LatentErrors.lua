--[[ The errors a photographer can act on, as Lightroom's dialogs show them. Every failure of the API client and of
pairing is raised as one of these tables (with `error(e, 0)`), never as a bare string, so the glue can tell a
network failure (offer to retry) from a pairing that needs the person (pair again). ]]

local Errors = {}

-- The English text of each kind, with the key Lightroom translates it by (the glue passes it to LOC).
Errors.TEXTS = {
  ["not-paired"] = "$$$/Latent/Errors/NotPaired=This Lightroom is not paired with Latent. Open the Publishing Manager, choose Latent and click “Pair with Latent”.",
  ["pairing-expired"] = "$$$/Latent/Errors/PairingExpired=The pairing with Latent has ended (it expired or was disconnected from your profile). Pair again in the Publishing Manager.",
  ["pairing-denied"] = "$$$/Latent/Errors/PairingDenied=The pairing was not confirmed. Start pairing again when you are ready.",
  ["plan-limit"] = "$$$/Latent/Errors/PlanLimit=^1. Free some space or choose a larger plan in your Latent profile.",
  ["network"] = "$$$/Latent/Errors/Network=Latent cannot be reached. Check the internet connection and try again.",
  ["server"] = "$$$/Latent/Errors/Server=Latent could not do this: ^1",
}

-- The catalogue codes (packages/domain/src/errors.ts) that mean the account's plan has no room left.
local PLAN_LIMITS = {
  ["films-capacity-reached"] = true,
  ["gear-limit-reached"] = true,
  ["not-enough-space"] = true,
  ["too-many-images"] = true,
  ["file-too-large"] = true,
}

local function new(kind, fields)
  local e = { kind = kind, latent = true }
  for k, v in pairs(fields or {}) do e[k] = v end
  e.retry = kind == "network"
  return e
end

function Errors.new(kind, fields) return new(kind, fields) end

function Errors.raise(kind, fields) error(new(kind, fields), 0) end

function Errors.isLatent(e) return type(e) == "table" and e.latent == true end

--- An API answer with an error status, as an error of ours: the catalogue's `{error, message}` body when given.
function Errors.fromResponse(status, body)
  local code = type(body) == "table" and body.error or nil
  local message = type(body) == "table" and body.message or nil
  if PLAN_LIMITS[code] then return new("plan-limit", { status = status, code = code, message = message }) end
  if status == 401 then return new("pairing-expired", { status = status, code = code, message = message }) end
  if status >= 500 and status ~= 501 then
    return new("network", { status = status, code = code, message = message or ("HTTP " .. status) })
  end
  return new("server", { status = status, code = code, message = message or ("HTTP " .. status) })
end

--- The text to show: the LOC key with its English default, and the value for ^1 (the server's own words).
function Errors.describe(e)
  if not Errors.isLatent(e) then return Errors.TEXTS.server, tostring(e) end
  return Errors.TEXTS[e.kind] or Errors.TEXTS.server, e.message or e.code or ""
end

return Errors
