import type { OwnerAnswers } from "@latent/domain/guest-answers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { type AnswersScope, ownerAnswersKey, scopePath } from "./answers-scope.ts";

/** GET film/{id}/answers or orders/{id}/answers: every favourite with who and when, every comment (hidden ones too), the order's requests. */
export const getOwnerAnswers = (api: ApiClient, scope: AnswersScope) => api<OwnerAnswers>(scopePath(scope, "answers"));

export const ownerAnswersQueryOptions = (api: ApiClient, scope: AnswersScope) =>
  queryOptions({ queryKey: ownerAnswersKey(scope), queryFn: () => getOwnerAnswers(api, scope) });

export function useOwnerAnswers(scope: AnswersScope) {
  return useQuery(ownerAnswersQueryOptions(useApiClient(), scope));
}
