import { FEATURE_FLAGS, type FeatureFlags } from "@latent/domain/api";

/** localStorage key whose JSON object overrides the server's flags in this browser (spec §3). */
export const FLAGS_STORAGE_KEY = "flags";

/** The server's flags with this browser's overrides applied; a malformed override is ignored, not fatal. */
export function resolveFlags(server: FeatureFlags, stored: string | null): FeatureFlags {
  let overrides: unknown = null;
  try {
    overrides = stored ? JSON.parse(stored) : null;
  } catch {
    overrides = null;
  }
  const flags = { ...server };
  if (overrides && typeof overrides === "object") {
    for (const flag of FEATURE_FLAGS) {
      const value = (overrides as Record<string, unknown>)[flag];
      if (typeof value === "boolean") flags[flag] = value;
    }
  }
  return flags;
}
