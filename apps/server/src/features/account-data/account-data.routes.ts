import { DataExportSchema, DeleteAccountSchema } from "@latent/domain/account";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noContent } from "../../platform/http/no-content.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { AccountDataService } from "./account-data.service.ts";

/** `account/export` (the archive of all the caller's data) and `DELETE account`. A blocked account may use both. */
export function accountDataRoutes(app: FastifyInstance, deps: { accountData: AccountDataService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accountData, requireScopes } = deps;

  r.post(
    "/account/export",
    {
      preHandler: requireScopes("write:user"),
      config: { errors: ["export-running"], allowBlocked: true },
      schema: {
        tags: ["account"],
        summary: "Start building an archive of all the caller's data (409 export-running while one is being built)",
        response: { 202: DataExportSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await accountData.request(callerOf(request).sub)),
  );

  r.get(
    "/account/export",
    {
      preHandler: requireScopes("read:user"),
      config: { allowBlocked: true },
      schema: {
        tags: ["account"],
        summary: "The latest data archive: its progress, then its expiring link",
        response: { 200: DataExportSchema },
      },
    },
    async (request) => accountData.latest(callerOf(request).sub),
  );

  r.delete(
    "/account",
    {
      preHandler: requireScopes("write:user"),
      // Wrong passwords are limited per account by identity (PASSWORD_LIMIT), not per client address: one address
      // may be a whole office behind a NAT.
      config: {
        errors: [
          "wrong-password",
          "password-attempts-exceeded",
          "totp-required",
          "totp-invalid",
          "totp-attempts-exceeded",
          "subscription-active",
          "identity-external",
        ],
        allowBlocked: true,
      },
      schema: {
        tags: ["account"],
        summary: "Delete the account and all its data at once (password, and the two-factor code when it is on)",
        body: DeleteAccountSchema,
        response: { 204: noContent("The account and its data are gone") },
      },
    },
    async (request, reply) => {
      await accountData.deleteAccount(callerOf(request).sub, request.body.password, request.body.code);
      return reply.status(204).send();
    },
  );
}
