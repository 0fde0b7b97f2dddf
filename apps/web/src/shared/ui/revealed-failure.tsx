import { type ReactNode, useEffect, useRef } from "react";

/**
 * Where a form says why it was not saved: first in its scroll area, and brought into view each time a new failure
 * arrives. A refusal comes after submit, while the user looks at the button at the bottom of a dialog that may be
 * scrolled; the alert inside (role=alert) is announced. The margin keeps it clear of a dialog's sticky title.
 */
export function RevealedFailure({ failure, children }: { failure: unknown; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure !== null && failure !== undefined) ref.current?.scrollIntoView({ block: "start" });
  }, [failure]);
  if (failure === null || failure === undefined) return null;
  return (
    <div ref={ref} style={{ scrollMarginTop: 80 }}>
      {children}
    </div>
  );
}
