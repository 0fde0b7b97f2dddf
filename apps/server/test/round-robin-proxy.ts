import { createServer, request } from "node:http";
import { connect, type Socket } from "node:net";

/** Which instance served what, as the proxy saw it. */
export interface Routed {
  method: string;
  path: string;
  backend: number;
}

export interface RoundRobinProxy {
  base: string;
  /** The instances requests go to, in turn; replaceable between steps of a test. */
  backends: { port: number }[];
  routed: Routed[];
  close(): Promise<void>;
}

/**
 * A load balancer as small as it gets: each request (and each WebSocket upgrade) goes to the next instance in turn,
 * whatever connection it came on, so consecutive requests of one client land on different instances. Every answer
 * says which instance gave it (`x-test-backend`).
 */
export async function startRoundRobinProxy(backends: { port: number }[]): Promise<RoundRobinProxy> {
  let next = 0;
  const routed: Routed[] = [];
  const sockets = new Set<Socket>();
  const proxy: RoundRobinProxy = { base: "", backends, routed, close: async () => {} };
  const pick = (method: string, path: string) => {
    const backend = next++ % proxy.backends.length;
    routed.push({ method, path: path.split("?")[0] ?? path, backend });
    return { index: backend, port: proxy.backends[backend]?.port ?? 0 };
  };

  const server = createServer((req, res) => {
    const target = pick(req.method ?? "GET", req.url ?? "/");
    const upstream = request(
      { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-test-backend": String(target.index) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "x-test-backend": String(target.index) });
      res.end();
    });
    req.pipe(upstream);
  });

  server.on("upgrade", (req, client: Socket, head: Buffer) => {
    const target = pick(req.method ?? "GET", req.url ?? "/");
    const upstream = connect(target.port, "127.0.0.1", () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return proxy;
}
