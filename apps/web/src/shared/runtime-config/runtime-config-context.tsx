import type { FeatureFlags } from "@latent/domain/api";
import { createContext, type ReactNode, useContext } from "react";
import type { RuntimeConfig } from "./runtime-config.ts";

interface RuntimeSettings {
  config: RuntimeConfig;
  /** The server's flags with this browser's overrides applied. */
  flags: FeatureFlags;
}

const RuntimeConfigContext = createContext<RuntimeSettings | null>(null);

export function RuntimeConfigProvider({ value, children }: { value: RuntimeSettings; children: ReactNode }) {
  return <RuntimeConfigContext value={value}>{children}</RuntimeConfigContext>;
}

export function useRuntimeConfig(): RuntimeSettings {
  const settings = useContext(RuntimeConfigContext);
  if (!settings) throw new Error("useRuntimeConfig needs a RuntimeConfigProvider");
  return settings;
}
