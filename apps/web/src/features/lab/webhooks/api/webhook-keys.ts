/** Query keys of the lab's webhooks: the endpoints, and each endpoint's delivery log. */
export const webhookKeys = {
  all: ["lab", "webhooks"] as const,
  endpoints: ["lab", "webhooks", "endpoints"] as const,
  deliveries: (endpointId: string) => ["lab", "webhooks", "deliveries", endpointId] as const,
};
