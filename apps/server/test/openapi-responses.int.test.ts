import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bigTiff, jpeg, photographer, putChunk, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * What a client receives is what /api/openapi.json promises, on a roll with every kind of shot (done, failed,
 * uploading): a guard for any change to how replies are built or serialized (decision 0037). The document itself
 * lints clean under Redocly's recommended rules, as `npx redocly lint <server>/api/openapi.json` would say.
 */
describe.each(DATABASES)("responses against the OpenAPI document on %s", (kind) => {
  let s: TestServer;
  let token: string;
  let filmId: string;
  let uploadId: string;
  let doc: {
    paths: Record<
      string,
      Record<
        string,
        { operationId?: string; summary?: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }
      >
    >;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat("uri", true).addFormat("email", true).addFormat("date-time", true).addFormat("uuid", true);

  /** Fetches a route and checks its body against the documented 200 (or `status`) schema of `method path`. */
  const check = async (method: string, path: string, url: string, status = 200) => {
    const res = await s.api(url, { method: method.toUpperCase(), token });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    const schema = doc.paths[path]?.[method]?.responses[String(status)]?.content?.["application/json"]?.schema;
    expect(schema, `${method} ${path} documents its ${status} reply`).toBeDefined();
    const validate = ajv.compile(schema!);
    expect(validate(res.body), `${method} ${path}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    return res.body;
  };

  beforeAll(async () => {
    s = await startServer(kind);
    doc = (await s.api("/api/openapi.json")).body;
    token = await photographer(s);
    filmId = (await s.api("/api/film", { method: "POST", token, body: roll })).body.id;
    await upload(s, token, filmId, 1, await jpeg(640, 480, 1));
    // A shot whose bytes are no image fails; one with a part still to send stays uploading.
    const bad = await s.api(`/api/film/shot/${filmId}/2/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 100 },
    });
    await putChunk(s, bad.body.urls[0], token, Buffer.alloc(100, 1));
    const tiff = await bigTiff();
    const open = await s.api(`/api/film/shot/${filmId}/3/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length },
    });
    uploadId = open.body.upload_id;
    await putChunk(s, open.body.urls[0], token, tiff.subarray(0, open.body.max_upload_size));
    await waitForShots(s, token, filmId, 1);
  });
  afterAll(() => s?.close());

  it("answers a roll with done, failed and uploading shots as documented", async () => {
    const film = await check("get", "/api/film/{id}", `/api/film/${filmId}`);
    expect(film.shots.map((x: { state: string }) => x.state)).toEqual(["done", "error", "uploading"]);
    expect(film.shots[0].version.thumbnail_url).toMatch(/^\/media\/.+signature=/);
  });

  it("answers the list of rolls, the zip manifest and an upload's status as documented", async () => {
    const list = await check("get", "/api/film", "/api/film");
    expect(list).toHaveLength(1);
    await check("get", "/api/film/{id}/download", `/api/film/${filmId}/download`);
    const status = await check("get", "/api/uploads/{uploadId}", `/api/uploads/${uploadId}`);
    expect(status).toMatchObject({ received: [1], missing: [2], complete: false });
    await check("get", "/api/film/{id}/uploads", `/api/film/${filmId}/uploads`);
  });

  it("answers the caller's profile as documented", async () => {
    await check("get", "/api/user", "/api/user");
  });

  it("writes only the documented fields of a roll", async () => {
    const film = await check("get", "/api/film/{id}", `/api/film/${filmId}`);
    const documented = Object.keys(
      (doc.paths["/api/film/{id}"]!.get!.responses["200"]!.content!["application/json"]!.schema as { properties: object }).properties,
    );
    expect(Object.keys(film).every((k) => documented.includes(k))).toBe(true);
  });

  it("lints with no error under Redocly's recommended rules, each operation with a summary and a unique operationId", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: `${s.base}/api/openapi.json`, config });
    const shown = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`);
    const warnings = shown.filter((line) => line.startsWith("warn"));
    if (warnings.length) console.info(`openapi.json: ${warnings.length} warnings\n${warnings.join("\n")}`);
    expect(shown.filter((line) => !line.startsWith("warn"))).toEqual([]);
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ method, path, op })),
    );
    expect(ops.filter(({ op }) => !op.operationId || !op.summary).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(new Set(ops.map(({ op }) => op.operationId)).size).toBe(ops.length);
  });

  it("documents a deleted roll's 204 and its refusals with the error catalogue's codes, as the server answers them", async () => {
    const del = doc.paths["/api/film/{id}"]!.delete!;
    // 429: a lab's API key with the upload scope carries write:film, all this route asks, so the key may call it, and
    // every request with a key is counted before the guard (issue 30): past its limit, the key gets this 429.
    expect(Object.keys(del.responses)).toEqual(["204", "400", "401", "403", "404", "413", "429"]);
    expect(del.responses["429"]).toMatchObject({ description: "lab-key-rate-limited" });
    expect((del as { security?: object[] }).security).toContainEqual({ labApiKey: ["write:film"] });
    expect(del.responses["204"]!.content).toBeUndefined();
    const gone = await s.api("/api/film", { method: "POST", token, body: roll });
    const res = await s.api(`/api/film/${gone.body.id}`, { method: "DELETE", token });
    expect(res.status).toBe(204);
    // Fetched as is: the harness checks an error's requestId against its header, then takes it out of the body.
    const again = await fetch(`${s.base}/api/film/${gone.body.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    const refused = (await again.json()) as { error: string };
    expect(again.status).toBe(404);
    const documented = del.responses["404"] as { description: string; content: Record<string, { schema: object }> };
    expect(documented.description.split(", ")).toContain(refused.error);
    // The 404's schema with the document's components, so its reference to the shared error body resolves.
    const { components } = doc as unknown as { components: object };
    const validate = ajv.compile({ ...documented.content["application/json"]!.schema, components });
    expect(validate(refused), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ ...refused, error: "film-not-found" }), "a code the route does not answer with 404").toBe(false);
    expect(refused).toMatchObject({ error: "not-found", message: expect.any(String), requestId: again.headers.get("x-request-id") });
  });
});
