import { createContext, type ReactNode, useContext } from "react";
import type { ApiClient } from "./api-client.ts";

const ApiClientContext = createContext<ApiClient | null>(null);

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

/** The API client of the running app (created once at start, see `main.tsx`). */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error("useApiClient needs an ApiClientProvider");
  return client;
}
