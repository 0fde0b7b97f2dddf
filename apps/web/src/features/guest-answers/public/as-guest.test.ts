import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api/api-error.ts";
import { asGuest } from "./as-guest.ts";

/** A visitor: named or not, answering the name prompt with `answers` in turn; what happened, in order. */
function visitor(named: boolean, answers: boolean[]) {
  const log: string[] = [];
  let known = named;
  return {
    log,
    guest: {
      named: () => known,
      askName: async () => {
        log.push("asked");
        known = answers.shift() ?? false;
        return known;
      },
      forget: () => {
        log.push("forgot");
        known = false;
      },
    },
  };
}

const nameRequired = new ApiError(401, "guest-name-required", "Tell us your name");

describe("a guest's write", () => {
  it("asks the name before the first write, once", async () => {
    const { guest, log } = visitor(false, [true]);
    expect(await asGuest(guest, async () => void log.push("wrote"))).toBe(true);
    expect(await asGuest(guest, async () => void log.push("wrote"))).toBe(true);
    expect(log).toEqual(["asked", "wrote", "wrote"]);
  });

  it("writes nothing when the visitor closes the prompt", async () => {
    const { guest, log } = visitor(false, [false]);
    expect(await asGuest(guest, async () => void log.push("wrote"))).toBe(false);
    expect(log).toEqual(["asked"]);
  });

  it("asks again and writes again when the server forgot the guest", async () => {
    const { guest, log } = visitor(true, [true]);
    let tries = 0;
    const write = async () => {
      log.push("wrote");
      if (++tries === 1) throw nameRequired;
    };
    expect(await asGuest(guest, write)).toBe(true);
    expect(log).toEqual(["wrote", "forgot", "asked", "wrote"]);
  });

  it("hands any other refusal to the caller", async () => {
    const { guest } = visitor(true, []);
    const off = new ApiError(403, "guest-answers-off", "Off");
    await expect(asGuest(guest, async () => Promise.reject(off))).rejects.toBe(off);
  });
});
