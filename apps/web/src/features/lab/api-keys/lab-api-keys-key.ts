/** The query key of the lab's API keys. */
export const labApiKeysKey = ["lab", "api-keys"] as const;

/** A key scope's name in the texts (`orders:read` → `orders-read`): i18next reads a colon as a namespace. */
export const scopeKey = (scope: string) => scope.replace(":", "-");
