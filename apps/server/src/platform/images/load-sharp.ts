import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp and libvips (≈ 20 MB resident) load with the first image the server works on, not at start: a `web`
 * instance, or an `all` one before its first scan, never holds them (decision 0029). libvips' operation cache is off
 * (a scan is never processed twice; the cache only held memory); its threads stay sharp's default on glibc (one);
 * returning freed image memory is glibc's mmap threshold, set where the process starts.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
