import { NewsletterBodySchema } from "@latent/domain/contact";
import { fieldErrorsOf, type Translate } from "../../shared/forms/zod-field-errors.ts";

/** The form's errors by the server's own schema. Loaded on the first submit, so zod stays off the public pages' first load. */
export const newsletterErrors = (values: { email: string }, t: Translate) => fieldErrorsOf(NewsletterBodySchema, values, t);
