import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ObjectStore } from "./object-store.ts";
import { createS3Store } from "./s3-store.ts";

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in for S3 that records what the real SDK sends: s3rver ignores ETags and part order (DESIGN §8),
 * so the multipart bookkeeping is checked here, on the wire.
 */
describe("the S3 object store on the wire", () => {
  const requests: Recorded[] = [];
  let server: Server;
  let store: ObjectStore;

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? "", path: url.pathname, query: url.searchParams, headers: req.headers, body });
      const q = url.searchParams;
      const xml = (status: number, text: string) => res.writeHead(status, { "content-type": "application/xml" }).end(text);

      if (req.method === "POST" && q.has("uploads"))
        return xml(200, "<InitiateMultipartUploadResult><UploadId>up-1</UploadId></InitiateMultipartUploadResult>");
      if (req.method === "PUT" && q.has("partNumber")) {
        return res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
      }
      if (req.method === "POST" && q.has("uploadId"))
        return xml(200, '<CompleteMultipartUploadResult><ETag>"x-3"</ETag></CompleteMultipartUploadResult>');
      if (req.method === "HEAD") return res.writeHead(200, { "content-length": "3", "content-type": "image/jpeg" }).end();
      if (req.method === "DELETE" && q.get("uploadId") === "gone") {
        return xml(404, "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>");
      }
      if (req.method === "DELETE" && q.has("uploadId")) return res.writeHead(204).end();
      if (req.method === "GET" && q.get("list-type") === "2") {
        const page = q.get("continuation-token") === "page-2" ? ["films/1/c"] : ["films/1/a", "films/1/b"];
        const more = q.has("continuation-token")
          ? ""
          : "<IsTruncated>true</IsTruncated><NextContinuationToken>page-2</NextContinuationToken>";
        return xml(200, `<ListBucketResult>${page.map((k) => `<Contents><Key>${k}</Key></Contents>`).join("")}${more}</ListBucketResult>`);
      }
      if (req.method === "POST" && q.has("delete")) return xml(200, "<DeleteResult></DeleteResult>");
      xml(400, "<Error><Code>NotImplemented</Code><Message>not in this fake</Message></Error>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    store = createS3Store({
      bucket: "latent-test",
      region: "eu-central-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "test-key", secretAccessKey: "test-secret" },
    });
  });
  beforeEach(() => {
    requests.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("completes parts in ascending part-number order with the ETags that UploadPart returned", async () => {
    const uploadId = await store.createMultipart("films/1/shot.jpg", "image/jpeg");
    const parts = [];
    for (const n of [3, 1, 2])
      parts.push(await store.putPart("films/1/shot.jpg", uploadId, n, Readable.from([Buffer.from(`part ${n}`)]), 6));
    await store.completeMultipart("films/1/shot.jpg", uploadId, [parts[0]!, parts[2]!, parts[1]!]);

    const complete = requests.find((r) => r.method === "POST" && r.query.has("uploadId"))!;
    expect(complete.path).toBe("/latent-test/films/1/shot.jpg");
    expect(complete.query.get("uploadId")).toBe("up-1");
    const listed = [...complete.body.toString().matchAll(/<Part>.*?<\/Part>/g)].map(([part]) => [
      Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part)?.[1]),
      /<ETag>(.*?)<\/ETag>/.exec(part)?.[1]?.replaceAll("&quot;", '"'),
    ]);
    const returned = [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => [p.partNumber, p.etag]);
    expect(listed).toEqual(returned);
    expect(returned.map(([, etag]) => etag)).toEqual([1, 2, 3].map((n) => `"${createHash("md5").update(`part ${n}`).digest("hex")}"`));
  });

  it("sends each part with its Content-Length, its upload id and number, and no checksum header or trailer", async () => {
    await store.putPart("films/1/shot.jpg", "up-1", 7, Readable.from([Buffer.from("seven bytes!")]), 12);

    const [part] = requests;
    expect(part).toMatchObject({ method: "PUT", path: "/latent-test/films/1/shot.jpg" });
    expect(part!.query.get("partNumber")).toBe("7");
    expect(part!.query.get("uploadId")).toBe("up-1");
    expect(part!.headers["content-length"]).toBe("12");
    expect(part!.body.toString()).toBe("seven bytes!");
    const checksumHeaders = Object.keys(part!.headers).filter((h) => h.startsWith("x-amz-checksum-") || h.startsWith("x-amz-sdk-checksum"));
    expect(checksumHeaders).toEqual([]);
    expect(part!.headers["x-amz-trailer"]).toBeUndefined();
    expect(part!.headers["content-encoding"] ?? "").not.toContain("aws-chunked");
  });

  it("refuses a part of unknown size before sending anything", async () => {
    await expect(store.putPart("films/1/shot.jpg", "up-1", 1, Readable.from([Buffer.from("x")]))).rejects.toThrow("needs the part's size");
    expect(requests).toEqual([]);
  });

  it("aborts with a DELETE that names the upload, and takes an upload S3 no longer knows as already aborted", async () => {
    await store.abortMultipart("films/1/shot.jpg", "up-1");
    await store.abortMultipart("films/1/shot.jpg", "gone");

    expect(requests.map((r) => [r.method, r.path, r.query.get("uploadId")])).toEqual([
      ["DELETE", "/latent-test/films/1/shot.jpg", "up-1"],
      ["DELETE", "/latent-test/films/1/shot.jpg", "gone"],
    ]);
  });

  it("deletes a prefix page by page, following the continuation token", async () => {
    await store.deletePrefix("films/1/");

    const calls = requests.map((r) => `${r.method} ${r.query.get("continuation-token") ?? ""}`.trim());
    expect(calls).toEqual(["GET", "POST", "GET page-2", "POST"]);
    expect(requests[0]!.query.get("prefix")).toBe("films/1/");
    const deleted = requests
      .filter((r) => r.method === "POST")
      .map((r) => [...r.body.toString().matchAll(/<Key>(.*?)<\/Key>/g)].map((m) => m[1]));
    expect(deleted).toEqual([["films/1/a", "films/1/b"], ["films/1/c"]]);
  });

  it("names the operation and key, and not the credentials, when S3 refuses a request", async () => {
    const failure = await store.put("films/1/refused.jpg", Buffer.from("x"), "image/jpeg").catch((err: Error) => err);

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^S3 PutObject of latent-test\/films\/1\/refused\.jpg failed: NotImplemented \(HTTP 400\)/);
    expect((failure as Error).message).not.toContain("test-secret");
  });
});
