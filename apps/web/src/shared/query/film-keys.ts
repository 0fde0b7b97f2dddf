import type { ListFilmsQuery } from "@latent/domain/films";

/** Query keys of the films feature: every list under `films.lists`, each roll under `films.detail(id)`. */
export const filmKeys = {
  all: ["films"] as const,
  lists: ["films", "list"] as const,
  list: (query: ListFilmsQuery) => ["films", "list", query] as const,
  detail: (id: string) => ["films", "detail", id] as const,
};
