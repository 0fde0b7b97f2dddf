import type { TotpConfirmSchema } from "@latent/domain/account";
import type { z } from "zod";

/** The password and a current code, which turning two-factor off and new recovery codes both ask for. */
export type TotpConfirm = z.infer<typeof TotpConfirmSchema>;
