import { ApiError } from "../../../shared/api/api-error.ts";

export interface GuestWrite {
  /** Whether this browser already gave the link a name (the answers say who the guest is). */
  named: () => boolean;
  /** Asks the visitor for a name and sends it; true once it is kept, false when they closed the prompt. */
  askName: () => Promise<boolean>;
  /** The server forgot the guest (its cookie ended): the name is asked again. */
  forget: () => void;
}

const isNameRequired = (err: unknown) => err instanceof ApiError && err.code === "guest-name-required";

/**
 * Runs a guest's favourite, comment or request: asks for the name first when none is known, and once more if the
 * server answers `guest-name-required` (the cookie went), then writes again. True once written; false when the
 * visitor gave no name. Any other refusal is thrown to the caller, which shows it.
 */
export async function asGuest(guest: GuestWrite, write: () => Promise<void>): Promise<boolean> {
  if (!guest.named() && !(await guest.askName())) return false;
  try {
    await write();
    return true;
  } catch (err) {
    if (!isNameRequired(err)) throw err;
    guest.forget();
    if (!(await guest.askName())) return false;
    await write();
    return true;
  }
}
