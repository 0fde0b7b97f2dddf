import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roll } from "./film-fixtures.ts";
import { startServer, type TestServer } from "./harness.ts";

/**
 * A client generated from the served /api/openapi.json (openapi-typescript's types, openapi-fetch's client) compiles
 * with the repo's TypeScript and works against a started server: the document is good enough to build a client
 * from, not only valid. The types are generated at test time into a temporary folder, so nothing generated is kept.
 */

const require = createRequire(import.meta.url);
const tsc = join(dirname(require.resolve("typescript/package.json", { paths: [join(import.meta.dirname, "../../..")] })), "bin/tsc");
const openapiFetchTypes = join(dirname(require.resolve("openapi-fetch")), "index.d.mts");

/**
 * The client code under test: three routes called through the generated types. Every result is typed from the
 * document, and the @ts-expect-error lines fail the compile if the document stopped saying what they rely on
 * (a DELETE without a body, each route's own error codes rather than any string).
 */
const CLIENT = `import type { Client } from "openapi-fetch";
import type { paths } from "./latent-api.ts";

type NewRoll = paths["/api/film"]["post"]["requestBody"]["content"]["application/json"];

export async function threeRoutes(client: Client<paths>, newRoll: NewRoll) {
  const me = await client.GET("/api/user");
  const email: string | null | undefined = me.data?.email;

  const created = await client.POST("/api/film", { body: newRoll });
  if (!created.data) throw new Error(\`POST /api/film: \${created.response.status}\`);
  const id: string = created.data.id;
  const read = await client.GET("/api/film/{id}", { params: { path: { id } } });
  const name: string | undefined = read.data?.name;

  const deleted = await client.DELETE("/api/film/{id}", { params: { path: { id } } });
  // @ts-expect-error a 204 has no body to read
  deleted.data?.id;
  const missing = await client.GET("/api/film/{id}", { params: { path: { id } } });
  const code: "not-found" | undefined = missing.error?.error === "not-found" ? "not-found" : undefined;
  // @ts-expect-error an error's code is one of those the route documents: reading a roll never hits the gear limit
  if (missing.error?.error === "gear-limit-reached") throw new Error("unreachable");

  return { email, name, deleted: deleted.response.status, missing: missing.response.status, code, requestId: missing.error?.requestId };
}
`;

describe("a typed client generated from openapi.json", () => {
  let s: TestServer;
  let dir: string;

  beforeAll(async () => {
    s = await startServer("pglite");
    dir = await mkdtemp(join(tmpdir(), "latent-openapi-client-"));
  });
  afterAll(async () => {
    await s?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("compiles, and calls GET user/, POST film/, GET film/{id} and DELETE film/{id} (204) as the document says", async () => {
    const doc = (await s.api("/api/openapi.json")).body;
    await writeFile(join(dir, "latent-api.ts"), astToString(await openapiTS(doc)));
    await writeFile(join(dir, "client.ts"), CLIENT);
    await writeFile(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2024",
          lib: ["es2024", "dom"],
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: [],
          // The temporary folder has no node_modules: the client library's types come from the repo's.
          paths: { "openapi-fetch": [openapiFetchTypes] },
        },
        files: ["client.ts"],
      }),
    );
    const compiled = await promisify(execFile)(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")]).then(
      () => "",
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ""}${err.stderr ?? ""}`,
    );
    expect(compiled, "tsc on the generated client").toBe("");

    const token = await s.token();
    const client = createClient({ baseUrl: s.base, headers: { authorization: `Bearer ${token}` } });
    expect((await s.api("/api/user/privacy-policy", { method: "POST", token })).status).toBe(200);
    const { threeRoutes } = (await import(join(dir, "client.ts"))) as {
      threeRoutes: (client: unknown, newRoll: typeof roll) => Promise<Record<string, unknown>>;
    };
    const result = await threeRoutes(client, roll);
    expect(result).toMatchObject({ name: roll.name, deleted: 204, missing: 404, code: "not-found", requestId: expect.any(String) });
    expect(result.email).toEqual(expect.any(String));
  });
});
