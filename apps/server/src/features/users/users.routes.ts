import { errorMessage } from "@latent/domain/errors";
import { PROFILE_PICTURE_MAX_BYTES, UpdateUserBodySchema, UserDataSchema, UserSchema } from "@latent/domain/user";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import { prepareProfilePicture } from "./profile-picture.ts";
import type { UsersService } from "./users.service.ts";

function invalid(error: z.ZodError): AppError {
  const fields = Object.fromEntries(error.issues.map((i) => [i.path.join(".") || "body", i.message]));
  const [path, message] = Object.entries(fields)[0] ?? ["body", errorMessage("bad-request")];
  return new AppError("bad-request", `${path}: ${message}`, fields);
}

// Oversized pictures are read truncated and refused with picture-too-big, rather than failing the stream with 413.
const PROFILE_FORM_LIMITS = {
  limits: { fileSize: PROFILE_PICTURE_MAX_BYTES + 1, files: 1, fields: 5 },
  throwFileSizeLimit: false,
};

/** Reads the multipart form of PUT user/: `upload_file` (picture) and `user_data` (JSON). */
async function readProfileForm(request: FastifyRequest) {
  let picture: { bytes: Buffer; truncated: boolean } | undefined;
  let userData: unknown;
  for await (const part of request.parts(PROFILE_FORM_LIMITS as Parameters<FastifyRequest["parts"]>[0])) {
    if (part.type === "file") {
      const bytes = await part.toBuffer();
      if (part.fieldname === "upload_file") picture = { bytes, truncated: part.file.truncated };
    } else if (part.fieldname === "user_data") {
      try {
        userData = JSON.parse(String(part.value));
      } catch {
        throw new AppError("bad-request", "user_data: not valid JSON", { user_data: "not valid JSON" });
      }
    }
  }
  const parsed = UserDataSchema.safeParse(userData ?? {});
  if (!parsed.success) throw invalid(parsed.error);
  return { picture, userData: parsed.data };
}

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
        const { picture, userData } = await readProfileForm(request);
        // Check the picture before touching anything, so a refused picture loses no other change.
        const webp = picture ? await prepareProfilePicture(picture.bytes, picture.truncated) : undefined;
        if (webp) await users.setPicture(sub, webp);
        return users.update(sub, userData);
      }
      const parsed = UpdateUserBodySchema.safeParse(request.body === undefined ? {} : request.body);
      if (!parsed.success) throw invalid(parsed.error);
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
