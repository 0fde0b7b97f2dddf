import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** One envelope as a Sentry-compatible service receives it: its raw text and its items (header and payload each). */
export interface ReceivedEnvelope {
  project: string;
  text: string;
  items: { type: string; payload: unknown }[];
}

export interface FakeSentry {
  /** A DSN for the project `project` pointing at this fake (SENTRY_DSN). */
  dsn(project?: string): string;
  envelopes: ReceivedEnvelope[];
  /** The payloads of every item of `type` ("event", "transaction"…) received so far. */
  items(type: string): unknown[];
  stop(): Promise<void>;
}

/**
 * A Sentry (or GlitchTip) ingest endpoint on loopback: takes the SDKs' envelope POSTs at /api/<project>/envelope/,
 * gzip or not, keeps them, and answers as the real one does.
 */
export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: ReceivedEnvelope[] = [];
  const server = createServer((req, res) => {
    const match = /^\/api\/(\d+)\/envelope\/?(?:\?.*)?$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const text = (req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
      // An envelope: a header line, then for each item a header line and a payload line.
      const lines = text.split("\n").filter((line) => line !== "");
      const items: ReceivedEnvelope["items"] = [];
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const header = JSON.parse(lines[i]!) as { type: string };
        let payload: unknown = lines[i + 1];
        try {
          payload = JSON.parse(lines[i + 1]!);
        } catch {}
        items.push({ type: header.type, payload });
      }
      envelopes.push({ project: match[1]!, text, items });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "0".repeat(32) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: (project = "7") => `http://0123456789abcdef@127.0.0.1:${port}/${project}`,
    envelopes,
    items: (type) => envelopes.flatMap((e) => e.items.filter((item) => item.type === type).map((item) => item.payload)),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
