import type { ShotErrorCode, ShotState } from "@latent/domain/films";
import type { RollStatus } from "@latent/domain/roll-life";
import { useEffect, useRef, useState } from "react";

/** Messages of a roll's realtime feed (`/ws/{filmId}`). */
export type FilmFeedEvent =
  | { type: "connected" }
  | {
      type: "shot";
      index: number;
      state: ShotState;
      error_message: string | null;
      /** Why the shot failed (domain SHOT_ERROR_CODES), translated where shown. */
      error_code?: ShotErrorCode | null;
      thumbnail_url: string | null;
    }
  | { type: "shot-deleted"; index: number }
  | { type: "download"; progress: number; file_name: string; finished: boolean }
  /** The roll took a step of its life (issue 29); `shared`: its timeline shows on the shared roll. */
  | { type: "roll"; status: RollStatus | null; shared: boolean }
  /** Guests' favourites or comments changed (issue 31): no content, the page fetches the answers again. */
  | { type: "answers"; film_id: string | null; order_id: string | null };

/**
 * Whether the feed is live (spec §4: the film's download feed reports connected and disconnected): `connecting`
 * until its first connection, then `connected` or `disconnected` (reconnecting, or given up).
 */
export type FilmFeedStatus = "connecting" | "connected" | "disconnected";

/** Reconnecting waits longer after each failure, up to half a minute. */
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
/** The server closes a shared roll's feed with this code when its link expires. */
const LINK_EXPIRED = 4001;

const feedUrl = (filmId: string, ticket: string) =>
  `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws/${encodeURIComponent(filmId)}?token=${encodeURIComponent(ticket)}`;

/**
 * Listens to a roll's realtime feed while the component is mounted. Each ticket opens one connection, so every
 * reconnection asks for a new one; a refused ticket request (the roll or the link is gone) ends the listening.
 */
export function useFilmFeed(
  filmId: string | null,
  getTicket: () => Promise<string>,
  onEvent: (event: FilmFeedEvent) => void,
): FilmFeedStatus {
  const handlers = useRef({ getTicket, onEvent });
  handlers.current = { getTicket, onEvent };
  const [status, setStatus] = useState<FilmFeedStatus>("connecting");

  useEffect(() => {
    if (!filmId || typeof WebSocket === "undefined") {
      setStatus("disconnected");
      return;
    }
    setStatus("connecting");
    let stopped = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const retryLater = () => {
      if (stopped) return;
      setStatus("disconnected");
      timer = setTimeout(connect, BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]);
      failures += 1;
    };

    async function connect() {
      let ticket: string;
      try {
        ticket = await handlers.current.getTicket();
      } catch (err) {
        // Refused for good (the roll is gone, the link expired): stop; a failure on the way: try again later.
        const httpStatus = (err as { status?: unknown } | null)?.status;
        if (typeof httpStatus === "number" && httpStatus >= 400 && httpStatus < 500) {
          if (!stopped) setStatus("disconnected");
          return;
        }
        return retryLater();
      }
      if (stopped) return;
      socket = new WebSocket(feedUrl(filmId!, ticket));
      socket.onmessage = (message) => {
        try {
          const event = JSON.parse(String(message.data)) as FilmFeedEvent;
          if (event.type === "connected") {
            failures = 0;
            setStatus("connected");
          }
          handlers.current.onEvent(event);
        } catch {
          // Not a message of ours: ignore it.
        }
      };
      socket.onclose = (close) => {
        socket = null;
        if (close.code !== LINK_EXPIRED) retryLater();
        else if (!stopped) setStatus("disconnected");
      };
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [filmId]);

  return status;
}
