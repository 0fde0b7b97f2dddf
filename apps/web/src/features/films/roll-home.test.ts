import { paths } from "@latent/domain/app-paths";
import { describe, expect, it } from "vitest";
import { rollHome } from "./roll-home.ts";

describe("rollHome", () => {
  it("leads a roll of an order back to that order open in the lab's list", () => {
    expect(rollHome("5f0c2a1e-order", "lab")).toEqual({ to: "/u/orders?order=5f0c2a1e-order", text: "overview.backToOrder" });
  });

  it("never leads a lab to the photographers' roll list", () => {
    expect(rollHome(null, "lab")).toEqual({ to: paths.user.orders, text: "overview.backToOrders" });
  });

  it("leads a photographer back to their rolls", () => {
    expect(rollHome(null, "user")).toEqual({ to: paths.user.films, text: "overview.back" });
  });
});
