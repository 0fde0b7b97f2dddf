import { Readable } from "node:stream";

/**
 * Reads the first `bytes` of a stream (fewer if it ends sooner) and returns them with a stream that yields
 * the whole content again, head included.
 */
export async function peekStream(stream: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const chunks: Buffer[] = [];
  let total = 0;
  const iterator = stream[Symbol.asyncIterator]();
  let finished = false;
  while (total < bytes) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    chunks.push(next.value as Buffer);
    total += (next.value as Buffer).length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    if (head.length) yield head;
    if (finished) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
  }
  return { head: head.subarray(0, bytes), stream: Readable.from(whole(), { objectMode: false }) };
}
