export const lightroomKeys = {
  all: ["lightroom"] as const,
  status: ["lightroom", "status"] as const,
  session: ["lightroom", "signed-in"] as const,
};
