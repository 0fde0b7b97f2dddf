import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;

export interface AccountsTable {
  id: string;
  email: string;
  password_hash: string;
  role: "user" | "lab";
  locale: string | null;
  blocked: Generated<boolean>;
  created_at: Timestamp;
}

export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
}

export interface UsersTable {
  id: string;
  email: string | null;
  role: "user" | "lab";
  name: Generated<string>;
  nickname: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  webpage: Generated<string>;
  picture_key: string | null;
  locale: string | null;
  address: Json<Record<string, unknown>> | null;
  shipping: Json<Record<string, unknown>> | null;
  plan: Generated<string>;
  inactive_since: Timestamp | null;
  downgrading_since: Timestamp | null;
  survey_submitted: Generated<boolean>;
  survey: Json<Record<string, unknown>> | null;
  policy_accepted: Generated<boolean>;
  policy_accepted_at: Timestamp | null;
  integrations: Generated<Json<Record<string, unknown>>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GearTable {
  id: Generated<string>;
  user_id: string;
  metadata: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  oidc_payloads: OidcPayloadsTable;
  settings: SettingsTable;
  users: UsersTable;
  cameras: GearTable;
  lenses: GearTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
