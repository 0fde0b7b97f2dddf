import { useQuery } from "@tanstack/react-query";
import { useAuthSession } from "../../shared/auth/auth-session-context.tsx";
import { lightroomKeys } from "./api/lightroom-keys.ts";

/**
 * Whether someone is signed in, asked of the session itself: an access token that expired while the tab slept is
 * renewed here, where the provider's `isAuthenticated` would call that person a visitor.
 */
export function useSignedIn(): boolean | null {
  const session = useAuthSession();
  const signedIn = useQuery({ queryKey: lightroomKeys.session, queryFn: async () => (await session.activeUser()) !== null, staleTime: 0 });
  return signedIn.data ?? (signedIn.isError ? false : null);
}
