--[[ Glue: pairing and errors in Lightroom's dialogs. ]]
local LrDialogs = import "LrDialogs"
local LrFunctionContext = import "LrFunctionContext"
local LrHttp = import "LrHttp"
local LrTasks = import "LrTasks"

local Errors = require "LatentErrors"
local Session = require "LatentSession"

local Dialogs = {}

--- Shows one of our errors. A network error offers to retry: answers true when the person chose to.
function Dialogs.show(err)
  local key, detail = Errors.describe(err)
  local text = LOC(key, detail)
  local title = LOC "$$$/Latent/Errors/Title=Latent"
  if Errors.isLatent(err) and err.retry then
    return LrDialogs.confirm(title, text, LOC "$$$/Latent/Errors/Retry=Retry", LOC "$$$/Latent/Errors/Cancel=Cancel") == "ok"
  end
  LrDialogs.message(title, text, "critical")
  return false
end

--- Runs `fn` (inside a task), showing what failed; a network failure may be retried by the person.
function Dialogs.guard(fn, ...)
  while true do
    local results = { LrTasks.pcall(fn, ...) }
    if results[1] then return unpack(results, 2) end
    if not Dialogs.show(results[2]) then return nil end
  end
end

--- Pairs this Lightroom with the server: shows the code, opens Latent's page, waits until it is confirmed.
function Dialogs.pair(serverUrl, onDone)
  LrFunctionContext.postAsyncTaskWithContext("LatentPair", function(context)
    local result = Dialogs.guard(function()
      local session = Session.get(serverUrl)
      local pending = session.pairing:start()
      LrHttp.openUrlInBrowser(pending.open_url)
      local progress = LrDialogs.showModalProgressDialog({
        title = LOC "$$$/Latent/Pair/Title=Pair with Latent",
        caption = LOC("$$$/Latent/Pair/Caption=Confirm the code ^1 on the Latent page that opened in your browser.", pending.user_code),
        cannotCancel = false,
        functionContext = context,
      })
      return session.pairing:wait(function() return progress:isCanceled() end)
    end)
    if result == "paired" then
      LrDialogs.message(LOC "$$$/Latent/Pair/Done=Lightroom is paired with Latent.", nil, "info")
    elseif result == "expired" then
      LrDialogs.message(LOC "$$$/Latent/Pair/Expired=The code expired before it was confirmed. Start pairing again.", nil, "warning")
    elseif result == "denied" then
      Dialogs.show(Errors.new("pairing-denied"))
    end
    if onDone then onDone(result) end
  end)
end

--- Signs this Lightroom out: the server ends the pairing, and Latent's page says so.
function Dialogs.signOut(serverUrl, onDone)
  LrTasks.startAsyncTask(function()
    Dialogs.guard(function() Session.get(serverUrl).pairing:signOut() end)
    LrHttp.openUrlInBrowser(Session.normalize(serverUrl) .. "/plugins/lrlogout")
    if onDone then onDone() end
  end)
end

return Dialogs
