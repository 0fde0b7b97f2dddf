--[[ Latent for Lightroom Classic: a publish service whose collections are Latent rolls. ]]
return {
  LrSdkVersion = 10.0,
  LrSdkMinimumVersion = 6.0,
  LrToolkitIdentifier = "app.latent.lightroom",
  LrPluginName = LOC "$$$/Latent/PluginName=Latent",
  LrPluginInfoUrl = "https://github.com/latent-film/latent",
  LrExportServiceProvider = {
    title = LOC "$$$/Latent/ServiceTitle=Latent",
    file = "LatentServiceProvider.lua",
  },
  -- Library › Plug-in Extras: the guests' favourites of a published roll as a collection (issue 31).
  LrLibraryMenuItems = {
    { title = LOC "$$$/Latent/Favourites/Menu=Latent favourites → collection", file = "LatentFavouritesMenu.lua" },
  },
  VERSION = { major = 1, minor = 0, revision = 0, build = 1 },
}
