import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { crc32, deflateRawSync } from "node:zlib";

/** The plugin's sources in the repository, and where `npm run build:lightroom` puts the zip. */
export const LIGHTROOM_DIR = fileURLToPath(new URL("../../../../lightroom/", import.meta.url));
export const LIGHTROOM_PLUGIN_DIR = join(LIGHTROOM_DIR, "Latent.lrplugin");
export const LIGHTROOM_ZIP_FILE = join(LIGHTROOM_DIR, "dist", "Latent.lrplugin.zip");

async function filesUnder(dir: string): Promise<string[]> {
  const names = (await readdir(dir, { recursive: true })) as string[];
  const files: string[] = [];
  for (const name of names.sort()) {
    if (name.split(sep).some((part) => part.startsWith("."))) continue;
    if ((await stat(join(dir, name))).isFile()) files.push(join(dir, name));
  }
  return files;
}

/** When the folder's newest file changed, or null when the folder is not there (a deployment with only the zip). */
export async function newestChange(dir: string): Promise<number | null> {
  try {
    let newest = 0;
    for (const file of await filesUnder(dir)) newest = Math.max(newest, (await stat(file)).mtimeMs);
    return newest;
  } catch {
    return null;
  }
}

function dosDateTime(d: Date) {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(1980, d.getFullYear()) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * A deflated zip of a folder, with the folder itself as the top entry (Lightroom's Plug-in Manager adds the
 * `Latent.lrplugin` folder, so unzipping must give that folder). Small files only: it is built in memory.
 */
export async function zipFolder(dir: string, modified = new Date()): Promise<Buffer> {
  const top = dir
    .replace(/[\\/]+$/, "")
    .split(/[\\/]/)
    .pop()!;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const { time, date } = dosDateTime(modified);
  for (const file of await filesUnder(dir)) {
    const name = Buffer.from(`${top}/${relative(dir, file).split(sep).join("/")}`);
    const raw = await readFile(file);
    const data = deflateRawSync(raw, { level: 9 });
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
