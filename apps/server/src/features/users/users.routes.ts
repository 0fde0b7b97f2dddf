import { UpdateUserBodySchema, UserDataSchema, UserSchema } from "@latent/domain/user";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { invalidBody, readPictureForm } from "../../platform/http/picture-form.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import { PROFILE_PICTURE_LIMITS, prepareSmallPicture } from "../../platform/images/small-picture.ts";
import type { UsersService } from "./users.service.ts";

export function usersRoutes(app: FastifyInstance, deps: { users: UsersService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users, requireScopes } = deps;

  r.get(
    "/user",
    {
      preHandler: requireScopes("read:user"),
      // A blocked account still reads its profile (`blocked: true`), so the web app can say why the rest is refused.
      config: { allowBlocked: true },
      schema: { tags: ["user"], summary: "The caller's profile", response: { 200: UserSchema } },
    },
    async (request) => users.get(callerOf(request).sub),
  );

  r.put(
    "/user",
    {
      preHandler: requireScopes("write:user"),
      schema: {
        tags: ["user"],
        summary: "Update the profile (JSON, or multipart with upload_file and user_data); JSON `picture: null` removes the picture",
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const { sub } = callerOf(request);
      if (request.isMultipart()) {
        const limits = PROFILE_PICTURE_LIMITS;
        const { picture, data: userData } = await readPictureForm(request, "user_data", UserDataSchema, limits.maxBytes);
        // Check the picture before touching anything, so a refused picture loses no other change.
        const webp = picture ? await prepareSmallPicture(picture.bytes, picture.truncated, limits) : undefined;
        if (webp) await users.setPicture(sub, webp);
        return users.update(sub, userData);
      }
      const parsed = UpdateUserBodySchema.safeParse(request.body === undefined ? {} : request.body);
      if (!parsed.success) throw invalidBody(parsed.error);
      return users.update(sub, parsed.data);
    },
  );

  r.post(
    "/user/privacy-policy",
    {
      preHandler: requireScopes("write:user"),
      schema: { tags: ["user"], summary: "Accept the privacy policy", response: { 200: UserSchema } },
    },
    async (request) => users.acceptPrivacyPolicy(callerOf(request).sub),
  );
}
