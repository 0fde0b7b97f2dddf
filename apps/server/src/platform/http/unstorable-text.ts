import { AppError } from "./app-error.ts";

// NUL cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate is not text at all: both are refused whole.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/** The path of the first string (key or value) in `value` that holds a NUL or a lone surrogate, or null. */
export function unstorableTextAt(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return unstorable(value) ? path || "body" : null;
  if (depth > 64 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path ? `${path}.` : ""}${key}`;
    if (unstorable(key)) return at;
    const found = unstorableTextAt(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses a request whose query, path or JSON body carries text the database cannot keep: one 400 for every route. */
export function assertStorableText(parts: { query?: unknown; params?: unknown; body?: unknown }) {
  for (const [where, value] of Object.entries(parts)) {
    const at = unstorableTextAt(value);
    if (at)
      throw new AppError(
        "bad-request",
        `${where === "body" ? at : `${where}.${at}`}: text must not contain NUL or unpaired surrogate characters`,
        { [at]: "not valid" },
      );
  }
}
