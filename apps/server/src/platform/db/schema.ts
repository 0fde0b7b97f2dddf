import type { ShotErrorCode } from "@latent/domain/films";
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
  email_verified: Generated<boolean>;
  pending_email: string | null;
  password_changed_at: Timestamp | null;
  /** Access tokens issued before this instant are refused (a reset or change of password). */
  tokens_valid_after: Timestamp | null;
  totp_secret_sealed: string | null;
  totp_pending_sealed: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: ColumnType<string | null, string | number | null, string | number | null>;
}

/** Single-use links mailed to an account (reset, verification, email change): only their SHA-256 is kept. */
export interface AccountLinksTable {
  token_hash: string;
  account_id: string;
  kind: "reset" | "verify" | "email-change";
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AccountRecoveryCodesTable {
  account_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

/** The device and client an oidc grant (one signed-in session) started on. */
export interface AccountSessionsTable {
  grant_id: string;
  account_id: string;
  client_id: string;
  user_agent: string | null;
  /** The name the device gave when it paired (the Lightroom plugin's `device_name`). */
  device_name: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp | null;
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
  inactive_since: Timestamp | null;
  downgrading_since: Timestamp | null;
  blocked_at: Timestamp | null;
  survey_submitted: Generated<boolean>;
  survey: Json<Record<string, unknown>> | null;
  policy_accepted: Generated<boolean>;
  policy_accepted_at: Timestamp | null;
  integrations: Generated<Json<Record<string, unknown>>>;
  /** Mails about the steps of the user's rolls (issue 29); on by default. */
  roll_mail: Generated<boolean>;
  /** The hourly digest of guests' answers on the user's links (issue 31); on by default. */
  guest_mail: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserPlansTable {
  user_id: string;
  plan: Generated<string>;
  updated_at: Generated<Date>;
}

export interface RealtimeUsedTicketsTable {
  nonce: string;
  expires_at: Timestamp;
}

export interface GearTable {
  id: Generated<string>;
  user_id: string;
  metadata: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface FilmsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  brand: string;
  model: string;
  iso: number;
  format: string;
  n_exp: number;
  process: string;
  push_pull: number;
  month: number | null;
  year: number | null;
  scanner: string | null;
  camera_id: string | null;
  lens_id: string | null;
  sticker_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A lab's roll: the order it belongs to. */
  order_id: Generated<string | null>;
  /** A customer's copy of a lab's roll: the lab it came from, and its name then. */
  from_lab_id: Generated<string | null>;
  from_lab_name: Generated<string | null>;
  /** Its life (issue 29): the last step of its history (`film_events`) and when it was taken. */
  status: string | null;
  status_at: Timestamp | null;
  /** Where the negatives are in the owner's archive ("Binder 3 / page 12"). */
  storage_location: string | null;
  /** Whether the shared roll shows its timeline. */
  timeline_shared: Generated<boolean>;
  /** The lab the roll was last sent to. */
  sent_lab_id: string | null;
  /** A customer's own roll received by a lab: the lab's order it is in. */
  lab_order_id: string | null;
  /** A lab keeps the negatives until this day (`YYYY-MM-DD`; read it as text). */
  held_until: string | null;
  return_requested_at: Timestamp | null;
  /** A lab's roll in its order made for a customer's roll received by its sticker: that roll (migration 0027). */
  customer_film_id: string | null;
}

/** A roll's history, append-only: one row per step, by its owner, the lab of its order, or Latent itself. */
export interface FilmEventsTable {
  id: Generated<string>;
  film_id: string;
  status: string;
  actor: "owner" | "lab" | "system";
  actor_user_id: string | null;
  lab_id: string | null;
  camera: string | null;
  tracking: string | null;
  /** `YYYY-MM-DD`; read it as text. */
  held_until: string | null;
  note: string | null;
  created_at: Generated<Date>;
}

/** A hold reminder sent: once per roll, hold date and lead time in days. */
export interface FilmRemindersTable {
  film_id: string;
  held_until: string;
  days: number;
  sent_at: Generated<Date>;
}

/** bigint columns come back as strings from pg and as numbers from PGlite: read them through Number(). */
type BigIntColumn = ColumnType<number | string, number, number>;

export interface ShotsTable {
  id: Generated<string>;
  film_id: string;
  user_id: string;
  index: number;
  state: "uploading" | "pending" | "done" | "error";
  error_message: string | null;
  error_code: ShotErrorCode | null;
  object_key: string;
  file_name: string | null;
  content_type: string;
  size: BigIntColumn;
  crc32: BigIntColumn | null;
  width: number | null;
  height: number | null;
  thumb_key: string | null;
  preview_key: string | null;
  camera_id: string | null;
  lens_id: string | null;
  scanner: string | null;
  push_pull: number | null;
  kept: Generated<boolean>;
  /** The frame's exposure (issue 28), each null until noted. */
  aperture: number | null;
  shutter: string | null;
  focal_length: number | null;
  exposure_compensation: number | null;
  taken_at: string | null;
  latitude: number | null;
  longitude: number | null;
  place: string | null;
  filter: string | null;
  note: string | null;
  attempts: Generated<number>;
  claimed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<string>;
  shot_id: string;
  user_id: string;
  object_key: string;
  store_upload_id: string;
  content_type: string;
  content_length: BigIntColumn;
  part_size: number;
  part_count: number;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  /** When the last part arrived (or started arriving), or the upload began: a stalled upload is old news here. */
  active_at: Timestamp;
  /** How many of its parts are recorded (upload_parts rows), kept by the statement that records or forgets one. */
  parts_received: Generated<number>;
}

export interface UploadPartsTable {
  upload_id: string;
  part_number: number;
  etag: string;
  size: BigIntColumn;
}

export interface ShareLinksTable {
  id: Generated<string>;
  film_id: string;
  user_id: string;
  code_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** Set when the owner revoked the link: it opens nothing from then on. */
  revoked_at: Timestamp | null;
  /** Times the shared roll was opened through the link. */
  opens: Generated<number>;
  /** The link's password (scrypt), and its generation: a change ends every unlock of an earlier one (migration 0031). */
  password_hash: string | null;
  password_generation: Generated<number>;
  /** Whether the link offers the zip and the originals; off: previews only, its grants refused on those routes. */
  downloads: Generated<boolean>;
  /** Whether visitors may favourite and comment (the guest-answers feature). */
  guest_answers: Generated<boolean>;
}

export interface OutboxTable {
  id: Generated<string>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  reply_to: string | null;
  from_name: string | null;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  email: string;
  reason: string;
  subject: string;
  message: string;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<string>;
  email: string;
  locale: string;
  status: "pending" | "confirmed" | "unsubscribed";
  confirm_token_hash: string | null;
  confirm_expires_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  discount_percent: number | null;
  discount_redeemed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BetaRegistrationsTable {
  id: Generated<string>;
  email: string;
  name: Generated<string>;
  formats: Json<string[]>;
  message: Generated<string>;
  position: number;
  created_at: Timestamp;
}

export interface CustomersTable {
  user_id: string;
  provider_customer_id: string;
  email: string | null;
  created_at: Generated<Date>;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: string;
  email: string | null;
  mode: "subscription" | "payment";
  plan: string | null;
  currency: string;
  amount: number;
  first_amount: number;
  discount_percent: number | null;
  status: Generated<"open" | "complete" | "expired">;
  paid: Generated<boolean>;
  subscription_id: string | null;
  created_at: Generated<Date>;
  completed_at: Timestamp | null;
  /** What a payment checkout sells: the shipment's id. */
  reference: string | null;
  /** What the seller priced for a payment checkout (lines, rate, total): what its payment delivers. */
  sold: Json<Record<string, unknown>> | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan: string;
  status: "active" | "past_due" | "canceled" | "incomplete";
  source: Generated<"web" | "mobile" | "operator">;
  currency: string;
  amount: number;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<boolean>;
  /** bigint: PostgreSQL answers it as a string. */
  last_event_created: ColumnType<string, number, number>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface InvoicesTable {
  id: string;
  user_id: string | null;
  subscription_id: string | null;
  status: "paid" | "failed";
  currency: string;
  amount: number;
  created_at: Generated<Date>;
}

export interface PaymentEventsTable {
  id: string;
  type: string;
  created: ColumnType<string, number, number>;
  received_at: Generated<Date>;
  /** Effects outside the database the event still owes (plan sync, refund, cancellation); null once done. */
  follow_up: Json<Record<string, unknown>> | null;
}

export interface PaymentSandboxObjectsTable {
  id: string;
  kind: string;
  data: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

/**
 * Views of the archive search (issue 29, migration 0026), read by the search feature only: a roll's filter and sort
 * keys with its search document, kept by triggers in `roll_search`. `doc` is a tsvector: compare it in SQL only.
 */
export interface RollSearchRowsView {
  id: string;
  user_id: string;
  order_id: string | null;
  created_at: Timestamp;
  name_key: string;
  year_key: number;
  month_key: number;
  year: number | null;
  month: number | null;
  format: string;
  process: string;
  status: string | null;
  ei: number;
  has_sticker: boolean;
  doc: unknown;
  camera_ids: string[];
  lens_ids: string[];
  lab_ids: string[];
  has_kept: boolean;
}

/** A frame's search row (migration 0026), kept by triggers: what the frame search filters and orders by. */
export interface ShotSearchTable {
  shot_id: string;
  user_id: string;
  film_id: string;
  /** A frame of a lab's order roll: the lab's work, not one of its own. */
  in_order: boolean;
  /** The instant taken, -infinity when unknown (last when newest come first). */
  taken_key: Timestamp;
  /** The day taken as written (`YYYY-MM-DD`, the frame's own local day). */
  taken_day: string | null;
  /** Its own gear, else its roll's. */
  camera_id: string | null;
  lens_id: string | null;
  aperture: number | null;
  kept: boolean;
  /** tsvectors: compare them in SQL only. */
  own_words: unknown;
  doc: unknown;
}

/** A frame with its roll's name and words and its gear (its own, else its roll's), for the shot search. */
export interface ShotSearchRowsView {
  id: string;
  film_id: string;
  index: number;
  user_id: string;
  /** A frame of a lab's order roll: the lab's work, not one of its own. */
  in_order: boolean;
  film_name: string;
  thumb_key: string | null;
  camera_id: string | null;
  lens_id: string | null;
  camera: string | null;
  lens: string | null;
  aperture: number | null;
  shutter: string | null;
  taken_at: string | null;
  /** The instant taken, -infinity when unknown (last when newest come first). */
  taken_key: Timestamp;
  /** The day taken as written (`YYYY-MM-DD`, the frame's own local day). */
  taken_day: string | null;
  kept: boolean;
  doc: unknown;
}

export interface Database {
  accounts: AccountsTable;
  account_links: AccountLinksTable;
  account_recovery_codes: AccountRecoveryCodesTable;
  account_sessions: AccountSessionsTable;
  oidc_payloads: OidcPayloadsTable;
  settings: SettingsTable;
  users: UsersTable;
  user_plans: UserPlansTable;
  realtime_used_tickets: RealtimeUsedTicketsTable;
  cameras: GearTable;
  lenses: GearTable;
  films: FilmsTable;
  roll_search_rows: RollSearchRowsView;
  shot_search_rows: ShotSearchRowsView;
  shot_search: ShotSearchTable;
  film_events: FilmEventsTable;
  film_reminders: FilmRemindersTable;
  shots: ShotsTable;
  uploads: UploadsTable;
  upload_parts: UploadPartsTable;
  share_links: ShareLinksTable;
  outbox: OutboxTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  beta_registrations: BetaRegistrationsTable;
  customers: CustomersTable;
  checkout_sessions: CheckoutSessionsTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  payment_events: PaymentEventsTable;
  payment_sandbox_objects: PaymentSandboxObjectsTable;
  inventory_items: InventoryItemsTable;
  shipments: ShipmentsTable;
  stock_holds: StockHoldsTable;
  stickers: StickersTable;
  labs: LabsTable;
  lab_email_templates: LabEmailTemplatesTable;
  orders: OrdersTable;
  deleted_store_orders: DeletedStoreOrdersTable;
  lab_integrations: LabIntegrationsTable;
  lab_integration_pending: LabIntegrationPendingTable;
  lab_webhook_endpoints: LabWebhookEndpointsTable;
  lab_webhook_deliveries: LabWebhookDeliveriesTable;
  lab_webhook_attempts: LabWebhookAttemptsTable;
  lab_api_keys: LabApiKeysTable;
  data_exports: DataExportsTable;
  deleted_subjects: DeletedSubjectsTable;
  guests: GuestsTable;
  guest_favourites: GuestFavouritesTable;
  guest_comments: GuestCommentsTable;
  guest_requests: GuestRequestsTable;
  guest_digests: GuestDigestsTable;
}

/** A visitor of one link who gave a name (issue 31): no account, known by a signed cookie for that link only. */
export interface GuestsTable {
  id: Generated<string>;
  /** The roll's owner, or the order's lab. */
  owner_id: string;
  film_id: string | null;
  order_id: string | null;
  /** The share link's id, or the order link's `share_id`. */
  link_id: string;
  name: string;
  created_at: Timestamp;
}

export interface GuestFavouritesTable {
  guest_id: string;
  shot_id: string;
  created_at: Timestamp;
}

export interface GuestCommentsTable {
  id: Generated<string>;
  owner_id: string;
  film_id: string | null;
  order_id: string | null;
  /** Null: the owner's comment answering nobody, shown on every link of the roll. */
  link_id: string | null;
  /** Null: the owner's (the lab's) own comment. */
  guest_id: string | null;
  author: string;
  shot_id: string | null;
  reply_to: string | null;
  text: string;
  hidden_at: Timestamp | null;
  created_at: Timestamp;
}

export interface GuestRequestsTable {
  id: Generated<string>;
  lab_id: string;
  order_id: string;
  link_id: string;
  guest_id: string | null;
  author: string;
  kind: "rescan" | "print";
  shot_id: string | null;
  film_id: string | null;
  frame: number | null;
  note: string;
  done_at: Timestamp | null;
  created_at: Timestamp;
}

export interface GuestDigestsTable {
  link_id: string;
  owner_id: string;
  film_id: string | null;
  order_id: string | null;
  /** When the first answer not yet in a digest came; null: nothing waits. */
  pending_since: Timestamp | null;
  last_sent_at: Timestamp | null;
}

export interface LabsTable {
  id: string;
  name: Generated<string>;
  address: Json<Record<string, string>> | null;
  logo_key: string | null;
  webpage: Generated<string>;
  location: Generated<string>;
  contact_email: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LabEmailTemplatesTable {
  lab_id: string;
  subject: string;
  body: string;
  updated_at: Generated<Date>;
}

export interface OrdersTable {
  id: string;
  lab_id: string;
  reference: string;
  user_name: string;
  /** Null while the order waits for its customer (migration 0032): it cannot be sent or claimed then. */
  user_email: string | null;
  user_phone: Generated<string>;
  user_id: string | null;
  status: Generated<"created" | "shared" | "sent" | "collected">;
  source: Generated<"manual" | "shopify" | "woocommerce">;
  external_id: string | null;
  share_code_hash: string | null;
  /** The current link's id, new with every code: the grant its media and zip links carry. */
  share_id: string | null;
  share_expires_at: Timestamp | null;
  /** The current link's controls, as a roll's share link has them (migration 0031). */
  share_password_hash: string | null;
  share_password_generation: Generated<number>;
  share_downloads: Generated<boolean>;
  share_guest_answers: Generated<boolean>;
  sent_at: Timestamp | null;
  claimed_at: Timestamp | null;
  /** What the claim moved, counted as the rolls left the lab; null before, and on orders claimed before 0022. */
  collected_rolls: number | null;
  collected_scans: number | null;
  collected_bytes: BigIntColumn | null;
  /** The rolls the lab expects for the order, as an imported row announced them (migration 0030); null: not said. */
  rolls_expected: Generated<number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A store order the lab deleted: a replayed webhook or a later import does not make it again. */
export interface DeletedStoreOrdersTable {
  lab_id: string;
  source: "shopify" | "woocommerce";
  external_id: string;
  deleted_at: Generated<Date>;
}

/** A lab's store integrations: every credential sealed (platform/crypto/secret-box), the secret also hashed. */
export interface LabIntegrationsTable {
  lab_id: string;
  secret_hash: string | null;
  secret_sealed: string | null;
  shopify_shop: string | null;
  shopify_token_sealed: string | null;
  shopify_connected_at: Timestamp | null;
  woocommerce_store_url: string | null;
  woocommerce_key_sealed: string | null;
  woocommerce_secret_sealed: string | null;
  woocommerce_connected_at: Timestamp | null;
  updated_at: Generated<Date>;
}

export interface LabIntegrationPendingTable {
  token_hash: string;
  lab_id: string;
  kind: "shopify" | "woocommerce";
  target: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface LabApiKeysTable {
  id: string;
  lab_id: string;
  name: string;
  scopes: string[];
  token_hash: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A lab's webhook endpoint; its signing secret sealed (platform/crypto/secret-box). */
export interface LabWebhookEndpointsTable {
  id: string;
  lab_id: string;
  url: string;
  description: Generated<string>;
  events: string[];
  secret_sealed: string;
  enabled: Generated<boolean>;
  disabled_reason: "lab" | "failing" | null;
  failing_since: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One event for one endpoint (the outbox row), pending until delivered or exhausted. */
export interface LabWebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  lab_id: string;
  event_id: string;
  type: string;
  payload: string;
  status: Generated<"pending" | "delivered" | "failed">;
  attempt_count: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  created_at: Timestamp;
}

export interface LabWebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: Timestamp;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface InventoryItemsTable {
  id: string;
  product_id: string;
  name: string;
  description: string;
  quantity: number;
  weight: number;
  size: number;
  price_eur: number;
  price_usd: number;
  position: Generated<number>;
}

export interface ShipmentsTable {
  id: string;
  user_id: string;
  status: Generated<string>;
  items: Json<{ item_id: string; product_id: string; name: string; quantity: number; size: number; unit_price: number }[]>;
  address: Json<Record<string, string>>;
  currency: string;
  subtotal: number;
  weight: number;
  rate: Json<Record<string, unknown>> | null;
  total: number | null;
  tracking_number: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
}

export interface StockHoldsTable {
  shipment_id: string;
  item_id: string;
  quantity: number;
  checkout_session_id: string | null;
  expires_at: Timestamp;
}

export interface StickersTable {
  hash: string;
  short_id: string;
  user_id: string;
  shipment_id: string | null;
  position: Generated<number>;
  created_at: Generated<Date>;
}

/** "Download all my data": one archive per request; the latest answers `GET account/export`. */
export interface DataExportsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<"queued" | "running" | "ready" | "failed" | "expired">;
  progress: Generated<number>;
  object_key: string | null;
  size: BigIntColumn | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

/** Deleted accounts' subjects (SHA-256 only), refused until their last access token has expired. */
export interface DeletedSubjectsTable {
  subject_hash: string;
  expires_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
