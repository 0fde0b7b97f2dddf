import { readFileSync } from "node:fs";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@latent/domain/account";

/**
 * How a password is compared with the list: lower case, no spaces, and no accents, since the list is mostly
 * unaccented and "contraseña" is as guessable as "contrasena" (NFD splits "ñ" into "n" and its combining mark).
 */
function listForm(password: string): string {
  return password.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, "");
}

/**
 * The one password rule of sign-up, reset and change (NIST 800-63B §5.1.1.2): at least PASSWORD_MIN_LENGTH
 * characters, no composition rules, and not a common or breached password (common-passwords.txt, see its README).
 */
const COMMON = new Set(
  readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length >= PASSWORD_MIN_LENGTH)
    .map(listForm),
);

export type PasswordProblem = "password-too-short" | "password-too-common";

/** Why a new password is refused, or null when it is good. Length counts characters, not UTF-16 units. */
export function passwordProblem(password: string): PasswordProblem | null {
  const normalized = password.normalize("NFKC");
  const length = [...normalized].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return "password-too-short";
  if (COMMON.has(listForm(normalized))) return "password-too-common";
  return null;
}
