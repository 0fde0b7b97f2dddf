import { API_VERSION, API_VERSION_HEADER, type FeatureFlags } from "@latent/domain/api";

/** Public settings the server gives every client at start (`GET /api/config`). */
export interface RuntimeConfig {
  identity: {
    authority: string;
    client_id: string;
    audience: string;
    roles_claim: string;
    embedded: boolean;
    registration_open: boolean;
  };
  flags: FeatureFlags;
  app_store_urls: { ios: string; android: string };
  error_path: string;
}

/** Loads the settings; nothing else can start without them (identity provider, flags, store links). */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch("/api/config", {
    headers: { Accept: "application/json", [API_VERSION_HEADER]: API_VERSION },
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
