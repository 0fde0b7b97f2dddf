import { z } from "zod";
import type { Scope } from "./api.ts";

/**
 * A lab's API keys (issue 30): a long-lived bearer credential for the lab's scripts and the `latent` CLI. A key acts
 * as the lab's account with only the API scopes its key scopes grant, never the account's, profile's or keys' own.
 */

/** What a lab chooses when it makes a key, and the API scopes each one grants. */
export const LAB_KEY_SCOPES = {
  "orders:read": ["read:order", "read:film"],
  "orders:write": ["write:order"],
  upload: ["write:film", "read:film"],
} as const satisfies Record<string, readonly Scope[]>;
export type LabKeyScope = keyof typeof LAB_KEY_SCOPES;
export const LAB_KEY_SCOPE_NAMES = Object.keys(LAB_KEY_SCOPES) as LabKeyScope[];

/** The API scopes a key with these key scopes carries. */
export const apiScopesOfKey = (scopes: readonly LabKeyScope[]): Set<Scope> =>
  new Set(scopes.flatMap((scope) => LAB_KEY_SCOPES[scope] as readonly Scope[]));

/** Every API scope some key may carry: the routes that ask for no other are the ones a key can call. */
export const KEY_API_SCOPES: ReadonlySet<Scope> = apiScopesOfKey(LAB_KEY_SCOPE_NAMES);

/** Every token starts with this, so a leaked one is recognisable (secret scanners) and the server tells it from a JWT. */
export const LAB_KEY_PREFIX = "latk_";
/** `latk_` + the key's public id (16 of a–z, 0–9) + `_` + 32 random bytes in base64url. */
export const LAB_KEY_PATTERN = /^latk_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** Live keys one lab may hold: many scanners and scripts, never an unbounded list. */
export const LAB_KEYS_MAX = 20;
export const LAB_KEY_NAME_MAX = 60;
/** Requests one key may make per minute, across every instance: a 1 GB push in 16 MiB parts is about 70. */
export const LAB_KEY_REQUESTS_PER_MINUTE = 600;

export const LabKeyScopeSchema = z.enum(LAB_KEY_SCOPE_NAMES as [LabKeyScope, ...LabKeyScope[]]);

/**
 * POST lab/api-keys. The name's rules are `labKeyNameProblem`'s, so the server answers them with their own codes and
 * the form says the same before sending.
 */
export const CreateLabKeyBodySchema = z.object({
  name: z.string().max(1000),
  scopes: z.array(LabKeyScopeSchema).max(LAB_KEY_SCOPE_NAMES.length * 2),
});
export type CreateLabKeyBody = z.infer<typeof CreateLabKeyBodySchema>;

/** What is wrong with a key's name (after trimming), or null. */
export function labKeyNameProblem(name: string): "lab-key-name-required" | "lab-key-name-too-long" | "lab-key-name-invalid" | null {
  const trimmed = name.trim();
  if (!trimmed) return "lab-key-name-required";
  if (trimmed.length > LAB_KEY_NAME_MAX) return "lab-key-name-too-long";
  // Shown in lists and logs: no control or invisible format characters.
  if (/\p{C}/u.test(trimmed)) return "lab-key-name-invalid";
  return null;
}

/** One key as the lab sees it: never its token. */
export const LabKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(LabKeyScopeSchema),
  created_at: z.string(),
  /** Within about a minute; null: never used. */
  last_used_at: z.string().nullable(),
});
export type LabKey = z.infer<typeof LabKeySchema>;

export const LabKeysSchema = z.array(LabKeySchema);

/** The answer to creating a key: the only time its token is shown. */
export const CreatedLabKeySchema = LabKeySchema.extend({ token: z.string() });
export type CreatedLabKey = z.infer<typeof CreatedLabKeySchema>;

export const LabKeyParamsSchema = z.object({ id: z.string().regex(/^[a-z0-9]{16}$/, "not a key id") });
