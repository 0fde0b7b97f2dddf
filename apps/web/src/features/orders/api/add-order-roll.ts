import type { FilmDetail, NewFilmSchema } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

export type NewRollBody = z.input<typeof NewFilmSchema>;

/** POST orders/{id}/films: a new roll in the order, owned by the lab (201); 422 `order-rolls-limit` past the most an order holds. */
export const addOrderRoll = (api: ApiClient, orderId: string, roll: NewRollBody) =>
  api<FilmDetail>(`${orderPath(orderId)}/films`, { method: "POST", json: roll });

export function useAddOrderRoll(orderId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roll: NewRollBody) => addOrderRoll(api, orderId, roll),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
      ]),
  });
}
