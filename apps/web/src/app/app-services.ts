import type { FeatureFlags } from "@latent/domain/api";
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { ApiClient } from "../shared/api/api-client.ts";
import type { AuthSession } from "../shared/auth/auth-session.ts";
import type { RuntimeConfig } from "../shared/runtime-config/runtime-config.ts";

/** Everything the app is wired from, built once in `main.tsx` and handed to the router and the providers. */
export interface AppServices {
  config: RuntimeConfig;
  flags: FeatureFlags;
  auth: AuthSession;
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
}
