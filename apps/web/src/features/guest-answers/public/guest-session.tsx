import type { GuestAnswers, RequestKind } from "@latent/domain/guest-answers";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { askLab } from "../api/ask-lab.ts";
import { guestAnswersKey, useGuestAnswers } from "../api/get-guest-answers.ts";
import type { LinkKind } from "../api/link-kind.ts";
import { postGuestComment } from "../api/post-guest-comment.ts";
import { setFavourite } from "../api/set-favourite.ts";
import { setGuestName } from "../api/set-guest-name.ts";
import { GuestNameModal } from "../components/guest-name-modal.tsx";
import { asGuest } from "./as-guest.ts";

/** What a link's visitor can do with their answers, for the page's tiles, lightbox and comment boxes. */
export interface GuestSession {
  kind: LinkKind;
  answers: GuestAnswers | undefined;
  isFavourite: (shotId: string) => boolean;
  toggleFavourite: (shotId: string, frame: number) => void;
  /** Resolves true once sent; false when the visitor gave no name, or it was refused (the reason is shown). */
  comment: (shotId: string | null, text: string) => Promise<boolean>;
  ask: (kind: RequestKind, shotId: string, note: string) => Promise<boolean>;
}

const GuestSessionContext = createContext<GuestSession | null>(null);

/** The visitor's answers where the owner allows them; null where they are off (no favourite or comment shows). */
export const useGuestSession = () => useContext(GuestSessionContext);

interface GuestAnswersProviderProps {
  kind: LinkKind;
  code: string;
  /** The owner lets this link's visitors answer (`link.guest_answers`). */
  enabled: boolean;
  children: ReactNode;
}

/**
 * A link visitor's favourites, comments and (order) requests. The first answer asks for a name, which the server
 * keeps in a signed cookie for this link; a favourite shows at once and goes back if refused.
 */
export function GuestAnswersProvider({ kind, code, enabled, children }: GuestAnswersProviderProps) {
  const { t } = useTranslation("guestAnswers");
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const answers = useGuestAnswers(kind, code, enabled);
  const [asking, setAsking] = useState(false);
  const waiting = useRef<((named: boolean) => void) | null>(null);

  const patch = useCallback(
    (change: (answers: GuestAnswers) => GuestAnswers) =>
      queryClient.setQueryData<GuestAnswers>(guestAnswersKey(kind, code), (old) => (old ? change(old) : old)),
    [queryClient, kind, code],
  );

  const askName = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current = resolve;
        setAsking(true);
      }),
    [],
  );
  const settleName = (named: boolean) => {
    setAsking(false);
    waiting.current?.(named);
    waiting.current = null;
  };

  const writeAsGuest = useCallback(
    (write: () => Promise<void>) =>
      asGuest(
        {
          named: () => !!queryClient.getQueryData<GuestAnswers>(guestAnswersKey(kind, code))?.guest,
          askName,
          forget: () => patch((old) => ({ ...old, guest: null })),
        },
        write,
      ),
    [queryClient, kind, code, askName, patch],
  );

  const failed = useCallback(
    (title: string, err: unknown) =>
      notifications.show({ closeButtonProps: { "aria-label": t("errors:dismiss") }, color: "red", title, message: errorText(err) }),
    [t, errorText],
  );

  const session = useMemo<GuestSession | null>(() => {
    if (!enabled) return null;
    const favourites = new Set(answers.data?.favourites ?? []);
    return {
      kind,
      answers: answers.data,
      isFavourite: (shotId) => favourites.has(shotId),
      toggleFavourite: (shotId, frame) => {
        const on = !favourites.has(shotId);
        const apply = (value: boolean) =>
          patch((old) => ({
            ...old,
            favourites: value ? [...old.favourites.filter((id) => id !== shotId), shotId] : old.favourites.filter((id) => id !== shotId),
          }));
        writeAsGuest(async () => {
          apply(on);
          try {
            await setFavourite(kind, code, shotId, on);
          } catch (err) {
            apply(!on);
            throw err;
          }
        }).catch((err: unknown) => failed(t("guest.favouriteFailed", { frame }), err));
      },
      comment: async (shotId, text) => {
        try {
          return await writeAsGuest(async () => {
            const sent = await postGuestComment(kind, code, shotId, text);
            patch((old) => ({ ...old, comments: [...old.comments.filter((c) => c.id !== sent.id), sent] }));
          });
        } catch (err) {
          failed(t("guest.commentFailed"), err);
          return false;
        }
      },
      ask: async (requestKind, shotId, note) => {
        try {
          return await writeAsGuest(async () => {
            const sent = await askLab(code, { kind: requestKind, shot_id: shotId, note });
            patch((old) => ({ ...old, requests: [...old.requests, sent] }));
          });
        } catch (err) {
          failed(t("guest.askFailed"), err);
          return false;
        }
      },
    };
  }, [enabled, answers.data, kind, code, writeAsGuest, patch, failed, t]);

  return (
    <GuestSessionContext.Provider value={session}>
      {children}
      {enabled && (
        <GuestNameModal
          opened={asking}
          onCancel={() => settleName(false)}
          save={async (name) => {
            const guest = await setGuestName(kind, code, name);
            patch((old) => ({ ...old, guest }));
            settleName(true);
          }}
        />
      )}
    </GuestSessionContext.Provider>
  );
}
