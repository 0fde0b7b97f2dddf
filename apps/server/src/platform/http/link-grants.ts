/**
 * Revocable grants behind signed links and realtime tickets. A signed link (media, zip) or a feed ticket handed out
 * under a grant names it (`<kind>-<id>`, e.g. `share-<share link id>`) inside what its signature covers, and every
 * use asks the grant's owner again whether it still holds: withdrawing the grant (revoking a share link) stops every
 * link handed out under it at once, however long the link itself had left. The feature that hands links out under
 * a kind of grant registers how to check it; a grant of an unknown kind is refused.
 *
 * A route serving a file that is a download (an original, a zip) asks for the `download` capability too: a link
 * whose owner turned downloads off (issue 31) still opens previews under its grant, but no longer those files, even
 * through links it handed out before.
 */
export type GrantCapability = "download";

export function createLinkGrants() {
  const checks = new Map<string, (id: string, need?: GrantCapability) => Promise<boolean>>();
  return {
    /** `kind` is a word without dashes; `isActive` answers for one id of it (and the capability asked, if any). */
    register(kind: string, isActive: (id: string, need?: GrantCapability) => Promise<boolean>) {
      if (!/^[a-z]+$/.test(kind)) throw new Error(`A grant kind is lowercase letters only: ${kind}`);
      checks.set(kind, isActive);
    },
    /** The grant's name as links and tickets carry it. */
    name: (kind: string, id: string) => `${kind}-${id}`,
    async isActive(grant: string, need?: GrantCapability): Promise<boolean> {
      const dash = grant.indexOf("-");
      const check = dash > 0 ? checks.get(grant.slice(0, dash)) : undefined;
      return check ? check(grant.slice(dash + 1), need) : false;
    },
  };
}

export type LinkGrants = ReturnType<typeof createLinkGrants>;
