import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed already. */
export const TEXT_ASSET = /\.(js|mjs|css|html|json|svg|webmanifest|txt|xml|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every text file of the build, so the server
 * sends them as they are (`@fastify/static`'s `preCompressed`) and spends no CPU on compression per request.
 * Runs last, after every plugin that writes files (the service worker included); Vite's own `.vite/` is left out.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "latent:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((f) => TEXT_ASSET.test(f) && !f.includes(`${outDir}/.vite/`));
        await Promise.all(
          files.map(async (file) => {
            const bytes = await readFile(file);
            const [br, gzipped] = await Promise.all([
              brotli(bytes, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
              }),
              gz(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      },
    },
  };
}
