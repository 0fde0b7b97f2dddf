/** `npm run build:lightroom`: packages apps/lightroom/Latent.lrplugin as the zip the profile page offers. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, relative } from "node:path";
import { LIGHTROOM_PLUGIN_DIR, LIGHTROOM_ZIP_FILE, zipFolder } from "../features/plugins/plugin-zip.ts";

const zip = await zipFolder(LIGHTROOM_PLUGIN_DIR);
await mkdir(dirname(LIGHTROOM_ZIP_FILE), { recursive: true });
await writeFile(LIGHTROOM_ZIP_FILE, zip);
console.log(`${relative(process.cwd(), LIGHTROOM_ZIP_FILE)} (${zip.length} bytes)`);
