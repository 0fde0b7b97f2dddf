import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { findAccountByEmail, findAccountById, insertAccount, setAccountBlocked } from "./accounts.store.ts";
import { hashPassword } from "./security/passwords.ts";

/** The embedded provider's accounts (email, password hash, role): what its pages and dev tokens may do with them. */
export function createAccounts(db: Kysely<Database>) {
  return {
    findByEmail: (email: string) => findAccountByEmail(db, email),
    findById: (id: string) => findAccountById(db, id),
    /** Refuses (or allows again) signing in with an account, kept in step with the product user's block. */
    setBlocked: (email: string, blocked: boolean) => setAccountBlocked(db, email, blocked),
    /** Creates an account with a password; undefined when the email is already taken. */
    async create(account: {
      id: string;
      email: string;
      password: string;
      role: "user" | "lab";
      locale: string | null;
      /** Dev tokens' and tests' accounts need no confirmation mail. */
      emailVerified?: boolean;
    }) {
      const { password, ...rest } = account;
      return insertAccount(db, { ...rest, passwordHash: await hashPassword(password) });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
