import { useDebouncedCallback } from "@mantine/hooks";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { rollFiltersOf, shotFiltersOf, sortOf, viewOf, withoutFilters, withParam } from "./archive-filters.ts";

const TYPING_PAUSE_MS = 300;

/** The search of the rolls list, read from and written to the address (see archive-filters.ts). */
export function useArchiveSearch() {
  const [params, setParams] = useSearchParams();
  // The box shows every key at once; the address (and the search) follows when the typing pauses.
  const [text, setText] = useState(params.get("q") ?? "");

  const set = (key: string, value: string) => setParams((current) => withParam(current, key, value), { replace: true });
  const setTextLater = useDebouncedCallback((value: string) => set("q", value), TYPING_PAUSE_MS);
  const changeText = (value: string) => {
    setText(value);
    setTextLater(value);
  };
  const clear = () => {
    setTextLater.cancel();
    setText("");
    setParams((current) => withoutFilters(current), { replace: true });
  };
  // Another view is a history entry of its own: Back returns to the rolls from the frames.
  const setView = (view: string) => setParams((current) => withParam(current, "view", view));

  return {
    view: viewOf(params),
    sort: sortOf(params),
    rollFilters: rollFiltersOf(params),
    shotFilters: shotFiltersOf(params),
    /** A value as typed in the address, valid or not, for the fields to show. */
    raw: (key: string) => params.get(key) ?? "",
    text,
    changeText,
    set,
    setView,
    clear,
  };
}

export type ArchiveSearch = ReturnType<typeof useArchiveSearch>;
