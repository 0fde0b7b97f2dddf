/** Query keys of the lab feature: the lab's own profile, its email template, its store integrations. */
export const labKeys = {
  all: ["lab"] as const,
  labs: ["lab", "profile"] as const,
  lab: (labId: string) => ["lab", "profile", labId] as const,
  emailTemplate: ["lab", "email-template"] as const,
  defaultTemplate: (locale: string) => ["lab", "email-template", "default", locale] as const,
  integrations: ["lab", "integrations"] as const,
};
