/** Query keys of the account's security settings, sessions and data export. */
export const accountKeys = {
  security: ["account", "security"] as const,
  sessions: ["account", "sessions"] as const,
  export: ["account", "export"] as const,
};
