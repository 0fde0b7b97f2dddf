import type { Lab, LabData, MyLab } from "@latent/domain/labs";
import type { IntegrationsService } from "./integrations/integrations.service.ts";
import type { OrdersService } from "./orders/orders.service.ts";
import type { LabProfile, LabProfileService, MyLabProfile } from "./profile/profile.service.ts";

/**
 * A lab as the API shows it (spec §3 Lab): its profile, whether its WooCommerce store is connected and, for the lab
 * itself, its orders counted by status. The profile comes first (orders mail with it, integrations import through
 * orders), so this view, built last, joins the three.
 */
export function createLabsView(deps: {
  profile: LabProfileService;
  orders: Pick<OrdersService, "counts">;
  integrations: Pick<IntegrationsService, "state">;
}) {
  const { profile, orders, integrations } = deps;

  const wooCommerceOf = async (labId: string): Promise<Lab["woocommerce"]> => {
    const { woocommerce } = await integrations.state(labId);
    return { connected: woocommerce.connected, store_url: woocommerce.store_url };
  };
  const withStore = async <T extends LabProfile>(lab: T): Promise<T & Pick<Lab, "woocommerce">> => ({
    ...lab,
    woocommerce: await wooCommerceOf(lab.id),
  });
  const asMine = async (lab: MyLabProfile): Promise<MyLab> => ({ ...(await withStore(lab)), orders: await orders.counts(lab.id) });

  return {
    /** A lab as anyone signed in sees it; 404 lab-not-found for an id that is no lab with a profile. */
    get: async (labId: string) => withStore(await profile.get(labId)),
    /** The lab's own view: its profile (blank before the first save) and its orders counted by status. */
    mine: async (labId: string) => asMine(await profile.mine(labId)),
    /** The directory of labs (spec §2, labs flag). */
    directory: async (search?: string) => Promise.all((await profile.directory(search)).map(withStore)),
    /** PUT labs/: the profile's fields; a new logo (already checked and re-encoded) replaces the old one. */
    update: async (labId: string, data: LabData, logo?: Buffer) => asMine(await profile.update(labId, data, logo)),
  };
}

export type LabsView = ReturnType<typeof createLabsView>;
