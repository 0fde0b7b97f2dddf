export const lightroomKeys = {
  all: ["lightroom"] as const,
  status: ["lightroom", "status"] as const,
  session: ["lightroom", "signed-in"] as const,
  /** Outside `all`: confirming must not look the code up again (each look-up counts against the account's limit). */
  pending: (code: string) => ["lightroom-pending", code] as const,
};
