import {
  AccountSecuritySchema,
  AccountSessionsSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  RecoveryCodesSchema,
  TotpCodeSchema,
  TotpConfirmSchema,
  TotpSetupSchema,
} from "@latent/domain/account";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent } from "../../platform/http/no-content.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { AccountService } from "./account.service.ts";

/** The account's security (issue 12): verification, password, email, two-factor sign-in and sessions. */
export function accountRoutes(app: FastifyInstance, deps: { account: AccountService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { account, requireScopes } = deps;
  const tags = ["account"];
  const read = requireScopes("read:user");
  const write = requireScopes("write:user");

  r.get(
    "/account",
    {
      preHandler: read,
      schema: { tags, summary: "The account's provider, email confirmation, two-factor sign-in", response: { 200: AccountSecuritySchema } },
    },
    async (request) => account.summary(callerOf(request)),
  );

  r.post(
    "/account/verification",
    {
      preHandler: write,
      config: { errors: ["rate-limited-email", "identity-external"] },
      schema: {
        tags,
        summary: "Sends the confirmation mail again (202); 429 rate-limited-email within the cooldown",
        response: { 202: noContent("The mail is on its way") },
      },
    },
    async (request, reply) => {
      await account.sendVerification(callerOf(request));
      return reply.status(202).send();
    },
  );

  r.post(
    "/account/password",
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          "Changes the password (204): 403 wrong-password (429 password-attempts-exceeded after 5 in 10 min), 400 password-too-short/-common; other sessions end",
        body: ChangePasswordSchema,
        response: { 204: noContent("The password is changed") },
      },
      config: {
        errors: ["wrong-password", "password-attempts-exceeded", "password-too-short", "password-too-common", "identity-external"],
      },
    },
    async (request, reply) => {
      await account.changePassword(callerOf(request), request.body.current_password, request.body.new_password);
      return reply.status(204).send();
    },
  );

  r.post(
    "/account/email",
    {
      preHandler: write,
      schema: {
        tags,
        summary: "Sends a confirmation link to the new address (202): 403 wrong-password (429 after 5 in 10 min), 409 email-taken",
        body: ChangeEmailSchema,
        response: { 202: noContent("The confirmation link is on its way") },
      },
      config: { errors: ["wrong-password", "password-attempts-exceeded", "email-taken", "identity-external"] },
    },
    async (request, reply) => {
      await account.changeEmail(callerOf(request), request.body.new_email, request.body.password);
      return reply.status(202).send();
    },
  );

  r.post(
    "/account/totp/setup",
    {
      preHandler: write,
      config: { errors: ["identity-external"] },
      schema: { tags, summary: "A new TOTP secret, pending until a code confirms it", response: { 200: TotpSetupSchema } },
    },
    async (request) => account.totpSetup(callerOf(request)),
  );

  r.post(
    "/account/totp/enable",
    {
      preHandler: write,
      config: { errors: ["totp-invalid", "totp-not-pending", "totp-attempts-exceeded", "identity-external"] },
      schema: {
        tags,
        summary: "Turns two-factor sign-in on with a code of the pending secret; answers recovery codes",
        body: TotpCodeSchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request) => account.totpEnable(callerOf(request), request.body.code),
  );

  r.post(
    "/account/totp/disable",
    {
      preHandler: write,
      config: { errors: ["wrong-password", "password-attempts-exceeded", "totp-invalid", "totp-attempts-exceeded", "identity-external"] },
      schema: {
        tags,
        summary: "Turns two-factor sign-in off (204): the password and a code",
        body: TotpConfirmSchema,
        response: { 204: noContent("Two-factor sign-in is off") },
      },
    },
    async (request, reply) => {
      await account.totpDisable(callerOf(request), request.body.password, request.body.code);
      return reply.status(204).send();
    },
  );

  r.post(
    "/account/recovery-codes",
    {
      preHandler: write,
      config: {
        errors: [
          "wrong-password",
          "password-attempts-exceeded",
          "totp-invalid",
          "totp-attempts-exceeded",
          "identity-external",
          "totp-not-pending",
        ],
      },
      schema: {
        tags,
        summary: "Ten new recovery codes replace the old ones: the password and a code",
        body: TotpConfirmSchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request) => account.recoveryCodes(callerOf(request), request.body.password, request.body.code),
  );

  r.get(
    "/account/sessions",
    {
      preHandler: read,
      config: { errors: ["identity-external"] },
      schema: { tags, summary: "The signed-in sessions, the current one marked", response: { 200: AccountSessionsSchema } },
    },
    async (request) => account.sessions(callerOf(request)),
  );

  r.delete(
    "/account/sessions/:id",
    {
      preHandler: write,
      schema: {
        tags,
        summary: "Ends a session (204); 404 session-not-found",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 204: noContent("The session is over") },
      },
      config: { errors: ["session-not-found", "identity-external"] },
    },
    async (request, reply) => {
      await account.endSession(callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
