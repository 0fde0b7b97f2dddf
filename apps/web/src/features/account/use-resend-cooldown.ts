import { useEffect, useState } from "react";
import { secondsLeft } from "./resend-cooldown.ts";

/** A cooldown of `seconds` started on demand, with the seconds left, ticking once a second while it runs. */
export function useResendCooldown(seconds: number) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(null);
        window.clearInterval(timer);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  return {
    secondsLeft: left,
    start: () => {
      const current = Date.now();
      setNow(current);
      setUntil(current + seconds * 1000);
    },
  };
}
