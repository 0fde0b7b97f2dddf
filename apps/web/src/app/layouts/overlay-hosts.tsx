import { notificationsStore } from "@mantine/notifications";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { lazyPart } from "../../shared/ui/lazy-part.ts";

// Screens open confirm dialogs and notifications through Mantine's stores (`modals.openConfirmModal`,
// `notifications.show`); only their hosts must be mounted. Each host loads when the first dialog or notification is
// asked for: loaded on every page after the first paint, they and the dialog code they bring (Modal, Floating UI…)
// were ~40 KB of a phone's first visit that most pages never run (decision 0052).
const ModalsHost = lazyPart(async () => (await import("@mantine/modals")).ModalsProvider);
const NotificationsHost = lazyPart(async () => (await import("@mantine/notifications")).Notifications);

/** The window events `modals.*` of @mantine/modals send to its provider (its `createUseExternalEvents("mantine-modals")`). */
const MODAL_EVENTS = [
  "openModal",
  "openConfirmModal",
  "openContextModal",
  "closeModal",
  "closeAllModals",
  "updateModal",
  "updateContextModal",
].map((name) => `mantine-modals:${name}`);

/**
 * Until the dialogs' host is there, their events are kept; once it has mounted (its listeners are set in its effect,
 * which runs before a later sibling's), they are sent again in order, so the first dialog asked for opens.
 */
function useModalEvents() {
  const kept = useRef<CustomEvent[] | null>([]);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const keep = (event: Event) => {
      kept.current?.push(event as CustomEvent);
      setNeeded(true);
    };
    for (const name of MODAL_EVENTS) window.addEventListener(name, keep);
    return () => {
      for (const name of MODAL_EVENTS) window.removeEventListener(name, keep);
    };
  }, []);
  const replay = useCallback(() => {
    const events = kept.current ?? [];
    kept.current = null;
    for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, []);
  return { needed, replay };
}

/** Sends the kept dialog events once the host before it has mounted. */
function ReplayModalEvents({ replay }: { replay: () => void }) {
  useEffect(replay, [replay]);
  return null;
}

const notificationsShown = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/** True from the first notification on (the host then shows those already in the store). */
function useNotificationsNeeded() {
  const [needed, setNeeded] = useState(notificationsShown);
  useEffect(() => {
    if (needed) return;
    if (notificationsShown()) setNeeded(true);
    return notificationsStore.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed;
}

/** The hosts of confirm dialogs and notifications, beside the router (they need no route). */
export function OverlayHosts() {
  const modals = useModalEvents();
  const notifications = useNotificationsNeeded();
  return (
    <>
      {modals.needed && (
        <Suspense fallback={null}>
          <ModalsHost />
          <ReplayModalEvents replay={modals.replay} />
        </Suspense>
      )}
      {notifications && (
        <Suspense fallback={null}>
          <NotificationsHost position="top-right" />
        </Suspense>
      )}
    </>
  );
}
