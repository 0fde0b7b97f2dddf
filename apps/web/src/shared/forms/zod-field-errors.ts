import type { z } from "zod";

/** The slice of i18next's `t` this module needs; keys are looked up in the `errors` namespace. */
export interface Translate {
  (key: string): string;
  (key: string, options: Record<string, unknown>): string;
}

type Issue = z.core.$ZodIssue;

/**
 * A translated sentence for one zod issue. Texts are chosen by the issue's code and parameters, never by its
 * English message, so the web app says in every language what the server's schema (the same one) requires.
 */
export function issueText(issue: Issue, t: Translate): string {
  switch (issue.code) {
    case "custom":
      return t(`validation.${typeof issue.params?.key === "string" ? issue.params.key : "not-valid"}`, {
        defaultValue: t("validation.not-valid"),
      });
    case "invalid_type":
      return t("validation.required");
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) <= 1) return t("validation.required");
      return t(issue.origin === "string" ? "validation.too-short" : "validation.too-small", { minimum: Number(issue.minimum) });
    case "too_big":
      return t(issue.origin === "string" ? "validation.too-long" : "validation.too-big", { maximum: Number(issue.maximum) });
    case "invalid_value":
      return t("validation.choose-option");
    case "invalid_format":
      return t(issue.format === "url" ? "validation.url" : "validation.not-valid");
    case "invalid_union": {
      // `"" | url` and alike: explain the most specific alternative that failed.
      const nested = issue.errors.flat();
      return nested.some((i) => i.code === "invalid_format" && i.format === "url") ? t("validation.url") : t("validation.not-valid");
    }
    default:
      return t("validation.not-valid");
  }
}

function valueAt(values: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    values,
  );
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * Field path ("address.city") → translated text of its first issue; empty when the values are valid. A field left
 * empty is "required" whichever check it failed (a country code's pattern, an enum), which is what the user needs to hear.
 */
export function fieldErrorsOf(schema: z.ZodType, values: unknown, t: Translate): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    const empty = issue.code !== "custom" && issue.path.length > 0 && isEmpty(valueAt(values, issue.path));
    errors[path] ??= empty ? t("validation.required") : issueText(issue, t);
  }
  return errors;
}
