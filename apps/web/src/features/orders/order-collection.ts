import type { OrderCollection } from "@latent/domain/orders";
import { formatFileSize } from "../../shared/i18n/file-size.ts";

/** What the lab's screens say of a collected order, in the reader's language: when, and how much if it was recorded. */
export interface CollectionParts {
  name: string;
  date: string;
  /** Null on an order collected before what it moved was recorded. */
  amounts: { rolls: number; scans: number; size: string } | null;
}

export function collectionParts(collected: OrderCollection, locale: string): CollectionParts {
  const { rolls, scans, bytes } = collected;
  return {
    name: collected.by,
    date: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(collected.at)),
    amounts: rolls === null || scans === null || bytes === null ? null : { rolls, scans, size: formatFileSize(bytes, locale) },
  };
}
