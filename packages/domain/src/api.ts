/** Cross-cutting API constants (spec §6, §7; DESIGN §4). */
export const API_VERSION = "2025-10-01";
export const API_VERSION_HEADER = "Latent-Api-Version";

export const ROLES = { user: "LatentUser", lab: "LatentLab" } as const;
export type RoleName = (typeof ROLES)[keyof typeof ROLES];

export const SCOPES = [
  "read:film",
  "write:film",
  "read:sticker",
  "write:sticker",
  "read:user",
  "write:user",
  "read:camera",
  "write:camera",
  "read:lens",
  "write:lens",
  "read:lab",
  "write:lab",
  "read:order",
  "write:order",
  "delete:order",
] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The API scopes each role is given (spec §6): a photographer has no lab or order scopes; a lab has lab and order
 * scopes, film scopes for the rolls of its orders, and its profile's. The web asks for every scope; the grant gives
 * the role's.
 */
export const ROLE_SCOPES: Record<"user" | "lab", readonly Scope[]> = {
  user: [
    "read:film",
    "write:film",
    "read:sticker",
    "write:sticker",
    "read:user",
    "write:user",
    "read:camera",
    "write:camera",
    "read:lens",
    "write:lens",
  ],
  lab: ["read:film", "write:film", "read:user", "write:user", "read:lab", "write:lab", "read:order", "write:order", "delete:order"],
};

/** Identity scopes requested besides the API scopes. */
export const IDENTITY_SCOPES = ["openid", "profile", "email"] as const;

export const FEATURE_FLAGS = ["labs", "zip", "tokens"] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;
