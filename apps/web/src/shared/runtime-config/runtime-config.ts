import type { FeatureFlags } from "@latent/domain/api";
import { createApiClient, NO_TOKENS } from "../api/api-client.ts";

/** Public settings the server gives every client at start (`GET /api/config`). */
export interface RuntimeConfig {
  identity: {
    authority: string;
    client_id: string;
    audience: string;
    /** The organization the provider must put in the ID token (`org_id`, spec §5); null when none is configured. */
    organization: string | null;
    roles_claim: string;
    embedded: boolean;
    registration_open: boolean;
  };
  flags: FeatureFlags;
  /** The companion app's store pages; null until the operator configures one (phones then stay in the web app). */
  app_store_urls: { ios: string | null; android: string | null };
  error_path: string;
  /** Where the browser sends its error reports and session replays (Sentry or GlitchTip); null: nothing is sent. */
  error_reports: { dsn: string; environment: string } | null;
}

/** Loads the settings; nothing else can start without them (identity provider, flags, store links). */
export const fetchRuntimeConfig = () => createApiClient(NO_TOKENS)<RuntimeConfig>("/api/config");
