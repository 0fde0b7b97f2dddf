import { paths } from "@latent/domain/app-paths";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import type { AppServices } from "./app/app-services.ts";
import { sendFirstRequests, startSharedRoll } from "./app/first-requests.ts";
import { prefetchPageCode } from "./app/page-code.ts";
import { createAppRouter } from "./app/router.tsx";
import { createApiClient } from "./shared/api/api-client.ts";
import { ApiError } from "./shared/api/api-error.ts";
import { isLinkControlRefusal } from "./shared/api/share-link-client.ts";
import { createAuthSession } from "./shared/auth/auth-session.ts";
import { storedUserKey } from "./shared/auth/stored-user-key.ts";
import { startErrorReports } from "./shared/error-reports/error-reports.ts";
import { createI18n, initialLocale } from "./shared/i18n/i18n.ts";
import { FLAGS_STORAGE_KEY, resolveFlags } from "./shared/runtime-config/feature-flags.ts";
import { fetchRuntimeConfig } from "./shared/runtime-config/runtime-config.ts";

/** Client errors (4xx) will not change on retry; network and server failures get two more tries. */
function shouldRetry(failures: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

async function start(root: HTMLElement) {
  const locale = initialLocale();
  prefetchPageCode(location.pathname, locale);
  const sharedRoll = startSharedRoll(location);
  // The settings are asked for while the texts load (one wait instead of two before the first page).
  const settings = fetchRuntimeConfig();
  settings.catch(() => undefined);
  const i18n = await createI18n(locale);
  let config: Awaited<ReturnType<typeof fetchRuntimeConfig>>;
  try {
    config = await settings;
  } catch (err) {
    console.error(err);
    // Without the settings there is no sign-in: say so plainly, in the user's language.
    root.innerHTML = "";
    const message = document.createElement("p");
    message.setAttribute("role", "alert");
    message.style.cssText = "font: 16px system-ui, sans-serif; margin: 20vh auto; max-width: 32rem; text-align: center";
    message.textContent = i18n.t("errors:app.unreachable");
    root.append(message);
    return;
  }
  startErrorReports(config.error_reports);
  // The identity library loads on first need: a visitor who is not signed in gets the public pages without it.
  const loadUserManager = async () => (await import("./shared/auth/user-manager.ts")).createUserManager(config);
  const auth = createAuthSession(loadUserManager, undefined, { storedUserKey: storedUserKey(config) });
  // A call refused even after renewing the token means the session is gone: say so on its own page (spec §2, §8).
  // During a navigation the guards handle it themselves (they start a new sign-in).
  let router: ReturnType<typeof createAppRouter> | undefined;
  const onApiError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401 || !router || router.state.navigation.state !== "idle") return;
    // A shared link's password or a guest's name (issue 31) is asked on its own page: no session is involved.
    if (isLinkControlRefusal(error)) return;
    void router.navigate(paths.user.unauthorized);
  };
  const services: AppServices = {
    config,
    flags: resolveFlags(config.flags, localStorage.getItem(FLAGS_STORAGE_KEY)),
    auth,
    api: createApiClient(auth),
    queryClient: new QueryClient({
      queryCache: new QueryCache({ onError: onApiError }),
      mutationCache: new MutationCache({ onError: onApiError }),
      defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry }, mutations: { retry: false } },
    }),
    i18n,
  };
  sharedRoll(services.queryClient);
  await sendFirstRequests(services, location.pathname);
  router = createAppRouter(services);
  createRoot(root).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
}

void start(document.getElementById("root")!);
