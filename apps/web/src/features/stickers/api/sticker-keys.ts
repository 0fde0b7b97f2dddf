/** Query keys of the stickers feature: everything under `stickers`, so a link or unlink can refresh it all at once. */
export const stickerKeys = {
  all: ["stickers"] as const,
  status: (ref: string) => ["stickers", "status", ref] as const,
  mine: (hash: string) => ["stickers", "mine", hash] as const,
  list: ["stickers", "list"] as const,
  session: ["stickers", "session"] as const,
};
