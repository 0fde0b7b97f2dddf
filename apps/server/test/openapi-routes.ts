import fc from "fast-check";
import type { TestServer } from "./harness.ts";

/** A JSON Schema as the OpenAPI document gives it (the subset zod's transform writes). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document: what a route takes and which bearer scopes it asks for. */
export interface Operation {
  /** "METHOD /path/{param}", as the matrix and the fuzzer name it. */
  key: string;
  method: string;
  path: string;
  /** null: a public route (`security: []`); else the scopes of its bearer token. */
  scopes: string[] | null;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
  /** The answers it documents, by status: an error answer's description lists the catalogue codes it carries. */
  responses: Record<string, { description: string }>;
}

/** Every operation of the built app's `/api/openapi.json`, so a route added tomorrow is in the list without anyone adding it. */
export async function loadOperations(s: TestServer): Promise<Operation[]> {
  const spec = await s.api("/api/openapi.json");
  if (spec.status !== 200) throw new Error(`openapi.json answered ${spec.status}`);
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(spec.body.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const security = (op.security ?? spec.body.security) as { bearer?: string[] }[] | undefined;
      const params = (op.parameters ?? []) as Parameter[];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        scopes: !security || security.length === 0 ? null : security.flatMap((s) => s.bearer ?? []),
        pathParams: params.filter((p) => p.in === "path"),
        queryParams: params.filter((p) => p.in === "query"),
        body: content?.["application/json"]?.schema ?? null,
        responses: (op.responses ?? {}) as Operation["responses"],
      });
    }
  }
  return ops;
}

/**
 * Why an answer is not what the operation documents (its status, or for an error its catalogue code), or null when
 * it is: what the document says a route answers must be what it answers.
 */
export function undocumentedAnswer(op: Operation, status: number, error: string | undefined): string | null {
  const documented = op.responses[String(status)];
  if (!documented)
    return `${op.key} answered ${status}${error ? ` ${error}` : ""}, not in its documented ${Object.keys(op.responses).join(", ")}`;
  if (status >= 400 && error && !documented.description.split(", ").includes(error)) {
    return `${op.key} answered ${status} ${error}, not among its documented ${documented.description}`;
  }
  return null;
}

/**
 * Percent-encodes any JavaScript string, lone surrogates included (as the 3 bytes WTF-8 gives them), where
 * encodeURIComponent throws and URLSearchParams silently swaps them for U+FFFD: a client can send those bytes.
 */
export function encodeLoose(text: string) {
  let out = "";
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** The path with its `{param}`s filled in (encoded). */
export function fillPath(path: string, values: Record<string, string | number>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeLoose(String(values[name]));
  });
}

const nonNull = (options: JsonSchema[]) => options.find((o) => o.type !== "null") ?? options[0]!;
const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type);

/** A small valid value of a schema: required fields only, the first enum value, the least a bound allows. */
export function exampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf ?? schema.oneOf) return exampleOf(nonNull(schema.anyOf ?? schema.oneOf ?? []));
  switch (typeOf(schema)) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((k) => [k, exampleOf(schema.properties?.[k] ?? {})]));
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}));
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case "boolean":
      return false;
    case "null":
      return null;
    case "string":
      if (schema.format === "email") return "someone@example.com";
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return {};
  }
}

/** Strings no store keeps, or that stress parsers: NUL, lone surrogates, bidi and zero-width characters, SQL and path tricks. */
export const hostileStrings = [
  "a\u0000b",
  "\u0000",
  "\uD800",
  "x\uDFFFy",
  "\uFEFF\u202E\u200B",
  "%00",
  "../../etc/passwd",
  "'; drop table films; --",
  "%",
  "\\",
  "null",
  "𝔏𝔞𝔱𝔢𝔫𝔱",
  " ",
];

const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  // 1 MB: under the 1 MiB body limit, so the schema, not the parser, has to refuse it.
  { weight: 1, arbitrary: fc.constant("x".repeat(1_000_000)) },
);

/** Numbers at and past every edge a column or a parser has. */
const hostileNumber = fc.constantFrom(0, -1, -0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53, 2 ** 63, 2 ** 64, Number.MIN_VALUE, 1e-7);

/** Any JSON value of a wrong kind. */
const wrongKind = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant([{}]),
  fc.constant({}),
  fc.constant({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
);

/** Mostly-valid values of a schema with, now and then, a field that breaks it (type, bound, hostile text). */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validish(schema, depth) }, { weight: 1, arbitrary: wrongKind });
}

function validish(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((o) => validish(o, depth)));
  switch (typeOf(schema)) {
    case "object": {
      if (depth > 4) return fc.constant({});
      const props = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) record[k] = arbitraryOf(v, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in record) });
    }
    case "array":
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case "integer":
      return fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -1000, -(2 ** 31)), max: Math.min(schema.maximum ?? 1000, 2 ** 31) }),
        hostileNumber,
      );
    case "number":
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), hostileNumber);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string":
      return fc.oneof(
        schema.format === "email"
          ? fc.emailAddress()
          : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        hostileString,
      );
    default:
      return wrongKind;
  }
}
