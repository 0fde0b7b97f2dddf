const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** Binary steps, as the server counts every size limit (spec §9: 512 KB is 524288 bytes, 200 MB is 209715200). */
const STEP = 1024;

/**
 * A size in the reader's language, the one way sizes are shown: "1 byte", "27 bytes", "512 kB", "1.2 MB", "5 GB";
 * in French "27 octets", "1,2 Mo". Bytes are spelled out so their plural follows the language; larger units keep
 * their symbol and at most one decimal.
 */
export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Move up while the shown number would reach 1024 once rounded ("1,024 kB" reads as "1 MB").
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= STEP) {
    value /= STEP;
    unit += 1;
  }
  if (unit === 0) {
    return new Intl.NumberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "long" }).format(Math.round(value));
  }
  return new Intl.NumberFormat(locale, { style: "unit", unit: UNITS[unit], unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}
