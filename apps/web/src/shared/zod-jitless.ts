// Every `import … from "zod"` of the web build resolves here (vite.config.ts alias), so the setting below runs before
// any schema is used, wherever zod is first loaded, and zod stays out of the first page's download.
// The server's Content-Security-Policy allows no eval: zod's compiled validators would only probe for it, and each
// probe is reported as a policy violation. The interpreted path gives the same results.
import { config } from "zod/v4";

export * from "zod/v4";

config({ jitless: true });
