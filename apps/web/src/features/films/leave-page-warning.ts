/**
 * The browser's "leave this page?" confirmation while files are still being sent or a zip's link is still being
 * checked (spec §2, §8): both live in the page and are lost with it. A zip handed to the browser is not: the browser
 * keeps downloading it. Navigating inside the app keeps them going.
 */
export type LeaveReason = "uploads" | "downloads";

const ENGLISH: Record<LeaveReason, string> = {
  uploads: "Not completed uploads will be lost if you leave the page now.",
  downloads: "Not completed downloads will be lost if you leave the page now.",
};

const active = new Set<LeaveReason>();
let textOf = (reason: LeaveReason) => ENGLISH[reason];

function onBeforeUnload(event: BeforeUnloadEvent) {
  const reason: LeaveReason | null = active.has("uploads") ? "uploads" : active.has("downloads") ? "downloads" : null;
  if (!reason) return;
  const text = textOf(reason);
  // Browsers now show their own words; the text still goes to those that use it.
  event.preventDefault();
  event.returnValue = text;
  return text;
}

/** Turns one reason on or off; the listener is there only while a reason is. */
export function setLeaveReason(reason: LeaveReason, on: boolean) {
  const before = active.size;
  if (on) active.add(reason);
  else active.delete(reason);
  if (before === 0 && active.size > 0) window.addEventListener("beforeunload", onBeforeUnload);
  if (before > 0 && active.size === 0) window.removeEventListener("beforeunload", onBeforeUnload);
}

/** The texts in the user's language. */
export function setLeaveTexts(translate: (reason: LeaveReason) => string) {
  textOf = translate;
}
