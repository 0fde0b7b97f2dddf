import {
  DefaultTemplateQuerySchema,
  EmailTemplateSchema,
  LabDataSchema,
  LabParamsSchema,
  LabSchema,
  LabsQuerySchema,
  LabsSchema,
  MyLabSchema,
} from "@latent/domain/labs";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalidBody, readPictureForm } from "../../../platform/http/picture-form.ts";
import { callerOf, labOnly, type RequireScopes } from "../../../platform/identity/authenticate.ts";
import { IMAGE_UPLOAD_LIMITS, prepareSmallPicture } from "../../../platform/images/small-picture.ts";
import type { LabsView } from "../labs.view.ts";
import type { LabProfileService } from "./profile.service.ts";

/** Spec §7 Labs: GET labs/ (the directory), GET labs/{labId}, PUT labs/, and the lab's email template. */
export function labsRoutes(app: FastifyInstance, deps: { labs: LabProfileService; view: LabsView; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { labs, view, requireScopes } = deps;
  const tags = ["labs"];

  r.get(
    "/labs",
    {
      // The directory is for photographers, who have no lab scopes (spec §6): any signed-in profile reads it.
      preHandler: requireScopes("read:user"),
      schema: { tags, summary: "The directory of labs, by name or location", querystring: LabsQuerySchema, response: { 200: LabsSchema } },
    },
    async (request) => view.directory(request.query.search),
  );

  r.get(
    "/labs/email_template",
    {
      config: { errors: ["lab-email-template-not-found"] },
      preHandler: [requireScopes("read:lab"), labOnly],
      schema: {
        tags,
        summary: "The lab's email template; 404 lab-email-template-not-found before one is saved",
        response: { 200: EmailTemplateSchema },
      },
    },
    async (request) => labs.template(callerOf(request).sub),
  );

  r.get(
    "/labs/email_template/default",
    {
      preHandler: [requireScopes("read:lab"), labOnly],
      schema: {
        tags,
        summary: "The template offered before the lab writes its own",
        querystring: DefaultTemplateQuerySchema,
        response: { 200: EmailTemplateSchema },
      },
    },
    async (request) => labs.defaultTemplate(request.query.locale ?? callerOf(request).locale ?? "en-US"),
  );

  r.put(
    "/labs/email_template",
    {
      config: { errors: ["unknown-placeholder"] },
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "Saves the template; 400 unknown-placeholder names a placeholder that does not exist",
        body: EmailTemplateSchema,
        response: { 200: EmailTemplateSchema },
      },
    },
    async (request) => labs.saveTemplate(callerOf(request).sub, request.body),
  );

  r.get(
    "/labs/:labId",
    {
      config: { errors: ["lab-not-found"] },
      preHandler: requireScopes("read:user"),
      schema: {
        tags,
        summary: "A lab; its own lab also gets its order counts; 404 'The Laboratory could not be found'",
        params: LabParamsSchema,
        response: { 200: z.union([MyLabSchema, LabSchema]) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.role === "lab" && caller.sub === request.params.labId) return view.mine(caller.sub);
      return view.get(request.params.labId);
    },
  );

  r.put(
    "/labs",
    {
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "The lab's profile (JSON, or multipart with upload_file for the logo and lab_data)",
        // The body is read by hand (JSON or multipart), so its fields are named here rather than by a body schema.
        description:
          "Fields, each optional: name, address, webpage, location, contact_email (where customers' replies to its order mails go; \"\" clears it, and they reach the lab account's own address), logo: null (removes it). 400 bad-request names the field that is not valid.",
        response: { 200: MyLabSchema },
      },
    },
    async (request) => {
      const { sub } = callerOf(request);
      if (request.isMultipart()) {
        const limits = IMAGE_UPLOAD_LIMITS;
        const { picture, data } = await readPictureForm(request, "lab_data", LabDataSchema, limits.maxBytes);
        const logo = picture ? await prepareSmallPicture(picture.bytes, picture.truncated, limits) : undefined;
        return view.update(sub, data, logo);
      }
      const parsed = LabDataSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidBody(parsed.error);
      return view.update(sub, parsed.data);
    },
  );
}
