import { parseArgs } from "node:util";
import { PLAN_IDS, type PlanId } from "@latent/domain/plans";
import type { Latent } from "../app.ts";
import { AppError } from "../platform/http/app-error.ts";

export const ADMIN_USAGE = `usage: npm run admin -- <command> --email E [options]
  block --email E                                  refuse the account everything but its profile, and signing in
  unblock --email E                                give it all back (a block deletes nothing)
  plan --email E --plan free|artist|unlimited      move to a plan (a smaller one starts the downgrade clean-up)
  grant-months --email E --months N --plan artist|unlimited
                                                   a complimentary subscription of N months (ends by itself)
  mobile-subscription --email E --plan artist|unlimited
                                                   record a subscription bought in the mobile app (blocks web plan changes)
  mobile-cancel --email E                          record that it was cancelled in the app
  delete-account --email E                         delete the account and all its data and files at once, without its
                                                   password (support); prints what was deleted
  ship --shipment ID --status packed|shipped|delivered|cancelled [--tracking T]
                                                   move a shop shipment along (shipped needs --tracking)
  stock --product P --quantity N                   set a sticker pack's stock (e.g. --product pack-24)`;

/** What a command printed, and the exit code: 0 done, 1 refused (unknown user), 2 bad usage. */
export interface AdminResult {
  code: number;
  output: string;
}

/**
 * The operator's support commands (spec §4: blocked accounts, plan changes) on a built app. Each goes through the
 * service that owns what it changes, never the tables: users (block), the embedded accounts (sign-in), entitlements
 * (plan, which starts a downgrade clean-up through its hook), purchases (grant-months: an operator's subscription).
 */
export async function runAdminCommand(latent: Pick<Latent, "services" | "identity">, argv: string[]): Promise<AdminResult> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    return { code: 2, output: `${(err as Error).message}\n${ADMIN_USAGE}` };
  }
  const { command, email, plan, months } = parsed;
  if (command === "ship" || command === "stock") return shopCommand(latent, parsed);
  if (!command || !email) return { code: 2, output: ADMIN_USAGE };
  const { users, entitlements } = latent.services;
  const ids = await users.idsByEmail(email);

  switch (command) {
    case "block":
    case "unblock": {
      const blocked = command === "block";
      const account = (await latent.identity.accounts?.setBlocked(email, blocked)) ?? false;
      if (!ids.length && !account) return { code: 1, output: `No user or account has the email ${email}.` };
      for (const id of ids) await users.setBlocked(id, blocked);
      const what = [ids.length ? `${ids.length} user(s)` : null, account ? "the sign-in account" : null].filter(Boolean).join(" and ");
      return { code: 0, output: `${blocked ? "Blocked" : "Unblocked"} ${email}: ${what}.` };
    }
    case "plan": {
      if (!plan || !PLAN_IDS.includes(plan as PlanId))
        return { code: 2, output: `--plan must be one of ${PLAN_IDS.join(", ")}\n${ADMIN_USAGE}` };
      if (!ids.length) return { code: 1, output: `No user has the email ${email} (they must have used the app once).` };
      const lines: string[] = [];
      for (const id of ids) {
        await entitlements.setPlan(id, plan as PlanId);
        const user = await users.get(id);
        lines.push(
          `${email} (${id}) is now on ${user.plan}` +
            (user.downgrading_since ? `; over its storage limit: clean-up running since ${user.downgrading_since}` : ""),
        );
      }
      return { code: 0, output: `${lines.join("\n")}.` };
    }
    case "grant-months": {
      const n = Number(months);
      if (!Number.isInteger(n) || n < 1 || n > 120)
        return { code: 2, output: `--months must be a whole number from 1 to 120\n${ADMIN_USAGE}` };
      if (plan !== "artist" && plan !== "unlimited") return { code: 2, output: `--plan must be artist or unlimited\n${ADMIN_USAGE}` };
      if (!ids.length) return { code: 1, output: `No user has the email ${email} (they must have used the app once).` };
      const lines: string[] = [];
      for (const id of ids) {
        const end = await latent.services.purchases.grantMonths(id, plan, n);
        lines.push(`${email} (${id}) is on ${plan} until ${end.toISOString()} (complimentary)`);
      }
      return { code: 0, output: `${lines.join("\n")}.` };
    }
    case "mobile-subscription": {
      if (plan !== "artist" && plan !== "unlimited") return { code: 2, output: `--plan must be artist or unlimited\n${ADMIN_USAGE}` };
      if (!ids.length) return { code: 1, output: `No user has the email ${email} (they must have used the app once).` };
      const lines: string[] = [];
      for (const id of ids) {
        try {
          await latent.services.purchases.recordMobileSubscription(id, plan);
          lines.push(`${email} (${id}) is on ${plan} through the mobile app; web plan changes are blocked until mobile-cancel`);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return { code: 1, output: `${email} (${id}) already has a subscription: ${err.message}` };
        }
      }
      return { code: 0, output: `${lines.join("\n")}.` };
    }
    case "mobile-cancel": {
      if (!ids.length) return { code: 1, output: `No user has the email ${email} (they must have used the app once).` };
      let ended = 0;
      for (const id of ids) ended += await latent.services.purchases.endMobileSubscription(id);
      if (!ended) return { code: 1, output: `${email} has no mobile subscription.` };
      const users = await Promise.all(ids.map((id) => latent.services.users.get(id)));
      return { code: 0, output: `Ended the mobile subscription of ${email}; now on ${users.map((u) => u.plan).join(", ")}.` };
    }
    case "delete-account": {
      if (!ids.length) return { code: 1, output: `No user has the email ${email} (they must have used the app once).` };
      const lines: string[] = [];
      for (const id of ids) {
        const report = await latent.services.accountData.deleteForever(id);
        const what = Object.entries(report.deleted).map(([kind, n]) => `  ${n} ${kind}`);
        lines.push(`Deleted ${email} (${id}), its sign-in account, sessions and tokens, and:`, ...what);
      }
      return { code: 0, output: lines.join("\n") };
    }
    default:
      return { code: 2, output: `Unknown command ${command}\n${ADMIN_USAGE}` };
  }
}

const SHIP_STATUSES = ["paid", "packed", "shipped", "delivered", "cancelled"] as const;

/** The shop's operator tasks: a parcel along its life cycle, and the packs' stock. */
async function shopCommand(latent: Pick<Latent, "services">, args: ReturnType<typeof parse>): Promise<AdminResult> {
  const { shop } = latent.services;
  if (args.command === "stock") {
    const quantity = Number(args.quantity);
    if (!args.product || !Number.isInteger(quantity) || quantity < 0 || quantity > 1_000_000)
      return { code: 2, output: `stock needs --product P and --quantity N (a whole number from 0)\n${ADMIN_USAGE}` };
    const done = await shop.restock(args.product, quantity);
    if (!done) return { code: 1, output: `No product ${args.product} in the inventory.` };
    return { code: 0, output: `${args.product} now has ${quantity} packs in stock.` };
  }
  const status = args.status as (typeof SHIP_STATUSES)[number];
  if (!args.shipment || !SHIP_STATUSES.includes(status))
    return { code: 2, output: `ship needs --shipment ID and --status ${SHIP_STATUSES.join("|")}\n${ADMIN_USAGE}` };
  if (status === "shipped" && !args.tracking?.trim()) return { code: 2, output: `shipped needs --tracking T\n${ADMIN_USAGE}` };
  const row = await shop.advance(args.shipment, status, args.tracking?.trim());
  if (!row) return { code: 1, output: `No shipment ${args.shipment}.` };
  return { code: 0, output: `Shipment ${row.id} is now ${row.status}${row.tracking_number ? ` (tracking ${row.tracking_number})` : ""}.` };
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      plan: { type: "string" },
      months: { type: "string" },
      shipment: { type: "string" },
      status: { type: "string" },
      tracking: { type: "string" },
      product: { type: "string" },
      quantity: { type: "string" },
    },
  });
  return { command: positionals[0], ...values };
}
