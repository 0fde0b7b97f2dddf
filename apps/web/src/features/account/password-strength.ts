import { PASSWORD_MIN_LENGTH } from "@latent/domain/account";

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

const CHARACTER_KINDS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/**
 * A purely indicative strength, 0 (too short) to 4: length counts most (NIST 800-63B), a mix of kinds of characters
 * a little, and a handful of repeated characters caps it. The server alone knows the list of common and breached
 * passwords, so a high score here never promises the password will be accepted.
 */
export function passwordStrength(password: string): StrengthScore {
  if (password.length < PASSWORD_MIN_LENGTH) return 0;
  if (new Set(password).size < 5) return 1;
  const kinds = CHARACTER_KINDS.filter((kind) => kind.test(password)).length;
  const score = 1 + (password.length >= 14 ? 1 : 0) + (password.length >= 20 ? 1 : 0) + (kinds >= 3 ? 1 : 0);
  return Math.min(score, 4) as StrengthScore;
}
