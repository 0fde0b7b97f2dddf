export type MobilePlatform = "ios" | "android";

/** Widest viewport still treated as a phone or small tablet (spec §2). */
export const MOBILE_MAX_WIDTH_PX = 768;

export interface DeviceTraits {
  userAgent: string;
  viewportWidth: number;
  maxTouchPoints: number;
}

/** The app store a device belongs to, or null on a desktop, where the web app runs (spec §2). */
export function mobilePlatform({ userAgent, viewportWidth, maxTouchPoints }: DeviceTraits): MobilePlatform | null {
  // iPadOS presents itself as a Mac; only its touch screen gives it away.
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  if (viewportWidth <= MOBILE_MAX_WIDTH_PX) return /Macintosh|iPhone|iPad/i.test(userAgent) ? "ios" : "android";
  return null;
}

export function currentDevice(): DeviceTraits {
  return { userAgent: navigator.userAgent, viewportWidth: window.innerWidth, maxTouchPoints: navigator.maxTouchPoints ?? 0 };
}
