import { z } from "zod";

/**
 * Guests who answer a shared roll or an order's link without an account (issue 31): a name kept in a signed cookie
 * for that link, favourites, comments on a frame or on the whole roll (order), and on an order "ask the lab" requests.
 */

export const GUEST_NAME_MAX = 60;
export const COMMENT_MAX = 1000;
export const REQUEST_NOTE_MAX = 500;
export const REQUEST_KINDS = ["rescan", "print"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The cookies a link's visitor holds (Path=/api/public): the unlock of a password link, and the guest's identity. */
export const UNLOCK_COOKIE_PREFIX = "latent_unlock_";
export const GUEST_COOKIE_PREFIX = "latent_guest_";

/**
 * Whether text holds a control character (NUL, escape, delete…), refused in plain text as NUL is everywhere; a
 * comment may keep its line breaks and tabs (`lines`).
 */
export function hasControlCharacter(text: string, lines = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (lines && (c === 9 || c === 10 || c === 13)) continue;
    if (c < 32 || c === 127) return true;
  }
  return false;
}

const plainText = (max: number, lines: boolean) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !hasControlCharacter(text, lines), { message: "must not contain control characters" });

/** POST public/film/guest and public/order/guest: the name the owner sees beside the guest's answers. */
export const GuestNameSchema = z.object({ name: plainText(GUEST_NAME_MAX, false) });
export const GuestSchema = z.object({ id: z.string(), name: z.string() });
export type Guest = z.infer<typeof GuestSchema>;

/** POST public/film/comments (a guest): on a frame, or on the roll (order) when `shot_id` is null. */
export const NewGuestCommentSchema = z.object({
  shot_id: z.string().max(64).nullable(),
  text: plainText(COMMENT_MAX, true),
});
/** POST film/{id}/comments, orders/{id}/comments (the owner, the lab): `reply_to` answers a guest's comment. */
export const NewOwnerCommentSchema = NewGuestCommentSchema.extend({ reply_to: z.string().max(64).optional() });
export type NewOwnerComment = z.infer<typeof NewOwnerCommentSchema>;
/** PUT film/{id}/comments/{commentId}: hide a comment from guests, or show it again. */
export const CommentUpdateSchema = z.object({ hidden: z.boolean() });

/** A comment as a guest sees it: `mine` when this guest wrote it. */
export const PublicCommentSchema = z.object({
  id: z.string(),
  shot_id: z.string().nullable(),
  film_id: z.string().nullable(),
  /** The frame's number on its roll; null for a comment on the whole roll (order). */
  frame: z.number().nullable(),
  author: z.string(),
  from_owner: z.boolean(),
  mine: z.boolean(),
  reply_to: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type PublicComment = z.infer<typeof PublicCommentSchema>;

/** A comment as the owner (the lab) sees it: hidden ones too, and through which link and guest it came. */
export const OwnerCommentSchema = PublicCommentSchema.omit({ mine: true }).extend({
  hidden: z.boolean(),
  guest_id: z.string().nullable(),
  link_id: z.string().nullable(),
});
export type OwnerComment = z.infer<typeof OwnerCommentSchema>;

/** POST public/order/requests: a frame the guest asks the lab to rescan or print, with a note. */
export const NewGuestRequestSchema = z.object({
  kind: z.enum(REQUEST_KINDS),
  shot_id: z.string().max(64),
  note: z
    .string()
    .trim()
    .max(REQUEST_NOTE_MAX)
    .refine((text) => !hasControlCharacter(text, true), { message: "must not contain control characters" })
    .default(""),
});
export const GuestRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(REQUEST_KINDS),
  shot_id: z.string().nullable(),
  film_id: z.string().nullable(),
  frame: z.number().nullable(),
  note: z.string(),
  author: z.string(),
  created_at: z.string(),
  done_at: z.string().nullable(),
});
export type GuestRequest = z.infer<typeof GuestRequestSchema>;
/** A request as the lab sees it on the order, with the guest who asked. */
export const OrderRequestSchema = GuestRequestSchema.extend({ guest: GuestSchema.nullable() });
export type OrderRequest = z.infer<typeof OrderRequestSchema>;
export const OrderRequestsSchema = z.array(OrderRequestSchema);
/** PUT orders/{id}/requests/{requestId}: the lab marks a request done (or open again). */
export const RequestUpdateSchema = z.object({ done: z.boolean() });

/** GET public/film/answers, public/order/answers: the guest's own favourites and requests, and every visible comment. */
export const GuestAnswersSchema = z.object({
  guest: GuestSchema.nullable(),
  favourites: z.array(z.string()),
  comments: z.array(PublicCommentSchema),
  requests: z.array(GuestRequestSchema),
});
export type GuestAnswers = z.infer<typeof GuestAnswersSchema>;

export const OwnerFavouriteSchema = z.object({
  shot_id: z.string(),
  film_id: z.string(),
  frame: z.number(),
  file_name: z.string().nullable(),
  guest: GuestSchema,
  link_id: z.string(),
  created_at: z.string(),
});
export type OwnerFavourite = z.infer<typeof OwnerFavouriteSchema>;

/** GET film/{id}/answers, orders/{id}/answers: every favourite with who and when, every comment, the order's requests. */
export const OwnerAnswersSchema = z.object({
  favourites: z.array(OwnerFavouriteSchema),
  comments: z.array(OwnerCommentSchema),
  requests: z.array(OrderRequestSchema),
});
export type OwnerAnswers = z.infer<typeof OwnerAnswersSchema>;

export const FAVOURITES_FORMATS = ["txt", "csv"] as const;
/** GET film/{id}/favourites?format=: the favourited frames' file names, as text (one per line) or CSV. */
export const FavouritesQuerySchema = z.object({ format: z.enum(FAVOURITES_FORMATS).default("txt") });
