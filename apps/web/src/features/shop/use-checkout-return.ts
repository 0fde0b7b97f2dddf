import type { User } from "@latent/domain/user";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useApiClient } from "../../shared/api/api-client-context.tsx";
import { rememberChoice, storedChoices } from "../pricing/public/currency.ts";
import { USER_QUERY_KEY, userQueryOptions } from "../user/api/get-user.ts";
import { confirmSubscription } from "./api/confirm-subscription.ts";
import { MY_SUBSCRIPTIONS_QUERY_KEY } from "./api/list-my-subscriptions.ts";
import { checkoutReturnOf, POLL_INTERVAL_MS, pollStep } from "./checkout-return.ts";

/** The checkout under way, remembered under the `subscriptions` key while the browser is on the payment page. */
const CHECKOUT_CHOICE = "checkout";
type PendingCheckout = { plan: string; from: string; at: number };

export function rememberCheckout(pending: Omit<PendingCheckout, "at">) {
  rememberChoice(CHECKOUT_CHOICE, { ...pending, at: Date.now() });
}

function pendingCheckout(): PendingCheckout | null {
  const value = storedChoices()[CHECKOUT_CHOICE] as Partial<PendingCheckout> | undefined;
  return value && typeof value.plan === "string" && typeof value.from === "string" && typeof value.at === "number"
    ? { plan: value.plan, from: value.from, at: value.at }
    : null;
}

export type CheckoutOutcome =
  | { phase: "none" }
  | { phase: "confirming" }
  | { phase: "confirmed"; user: User }
  | { phase: "cancelled" }
  | { phase: "unconfirmed" }
  | { phase: "error"; error: unknown };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });

/**
 * Coming back from a checkout (`?sessionId=`): nudges the server about the session, then asks GET user/ up to
 * 10 times, 3 s apart (spec §7), until the plan is the one bought. Only the provider's webhook changes a plan, so
 * the return just waits for it. A cancelled or declined checkout says so and changes nothing.
 */
export function useCheckoutReturn(): CheckoutOutcome {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [returned] = useState(() => checkoutReturnOf(searchParams, pendingCheckout()?.at ?? null, Date.now()));
  const [outcome, setOutcome] = useState<CheckoutOutcome>(() =>
    returned === null ? { phase: "none" } : returned.cancelled ? { phase: "cancelled" } : { phase: "confirming" },
  );

  useEffect(() => {
    if (returned === null) return;
    // The parameters are read once: a reload after the answer must not confirm again.
    setSearchParams(
      (params) => {
        for (const name of ["sessionId", "session_id", "canceled"]) params.delete(name);
        return params;
      },
      { replace: true },
    );
  }, [returned, setSearchParams]);

  useEffect(() => {
    if (returned === null) return;
    const pending = pendingCheckout();
    if (returned.cancelled || !returned.sessionId) {
      rememberChoice(CHECKOUT_CHOICE, undefined);
      return;
    }
    const sessionId = returned.sessionId;
    const stop = new AbortController();
    (async () => {
      try {
        const subscription = await confirmSubscription(api, sessionId);
        const target = subscription?.status === "active" ? subscription.plan : (pending?.plan ?? null);
        for (let attempt = 1; !stop.signal.aborted; attempt++) {
          const user = await queryClient.fetchQuery({ ...userQueryOptions(api), staleTime: 0 });
          const step = pollStep({ attempt, plan: user.plan, target, before: pending?.from ?? null });
          if (step === "confirmed") {
            queryClient.setQueryData(USER_QUERY_KEY, user);
            void queryClient.invalidateQueries({ queryKey: MY_SUBSCRIPTIONS_QUERY_KEY });
            void queryClient.invalidateQueries({ queryKey: ["purchases", "subscriptions"] });
            setOutcome({ phase: "confirmed", user });
            break;
          }
          if (step === "give-up") {
            setOutcome({ phase: "unconfirmed" });
            break;
          }
          await sleep(POLL_INTERVAL_MS, stop.signal);
        }
        rememberChoice(CHECKOUT_CHOICE, undefined);
      } catch (error) {
        if (!stop.signal.aborted) setOutcome({ phase: "error", error });
      }
    })();
    return () => stop.abort();
  }, [returned, api, queryClient]);

  return outcome;
}
