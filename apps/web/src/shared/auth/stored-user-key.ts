import type { RuntimeConfig } from "../runtime-config/runtime-config.ts";

/**
 * Where oidc-client-ts keeps the signed-in user: its WebStorageStateStore's prefix "oidc." and the UserManager's key
 * `user:<authority>:<client_id>` (user-manager.ts stores it in localStorage). Read without loading the library.
 */
export const storedUserKey = (config: RuntimeConfig) => `oidc.user:${config.identity.authority}:${config.identity.client_id}`;
