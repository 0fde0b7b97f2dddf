import { Suspense } from "react";
import { lazyPart } from "../../shared/ui/lazy-part.ts";

// Screens open confirm dialogs and notifications through Mantine's stores (`modals.openConfirmModal`,
// `notifications.show`); only their hosts must be mounted. They load after the first paint, which does not need them.
const ModalsHost = lazyPart(async () => (await import("@mantine/modals")).ModalsProvider);
const NotificationsHost = lazyPart(async () => (await import("@mantine/notifications")).Notifications);

/** The hosts of confirm dialogs and notifications, beside the router (they need no route). */
export function OverlayHosts() {
  return (
    <Suspense fallback={null}>
      <ModalsHost />
      <NotificationsHost position="top-right" />
    </Suspense>
  );
}
