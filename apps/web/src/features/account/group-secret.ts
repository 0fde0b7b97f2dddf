/**
 * The TOTP secret as people type it into an authenticator app: base32 in groups of four ("JBSW Y3DP …"), so a
 * character skipped or typed twice shows up. Apps ignore spaces and case, so the grouped text works as it is.
 */
export function groupSecret(secret: string, size = 4): string {
  const plain = secret.replace(/\s+/g, "").toUpperCase();
  return plain.match(new RegExp(`.{1,${size}}`, "g"))?.join(" ") ?? "";
}
