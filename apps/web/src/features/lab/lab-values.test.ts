import { LabDataSchema, type MyLab } from "@latent/domain/labs";
import { describe, expect, it } from "vitest";
import { labDataBody, labValues } from "./lab-values.ts";

const lab: MyLab = {
  id: "lab-1",
  name: "Foto Lab",
  address: null,
  logo_url: null,
  webpage: "",
  location: "Barcelona",
  woocommerce: { connected: false, store_url: null },
  contact_email: null,
  orders: { created: 0, shared: 0, sent: 0, collected: 0, total: 0 },
};

describe("labDataBody", () => {
  it("sends the contact email as typed, and an empty one to clear it", () => {
    expect(labDataBody(labValues(lab)).contact_email).toBe("");
    const values = labValues({ ...lab, contact_email: "hola@lab.example" });
    expect(labDataBody(values).contact_email).toBe("hola@lab.example");
    values.contact_email = "hola@";
    const refused = LabDataSchema.safeParse(labDataBody(values));
    expect(refused.error?.issues[0]).toMatchObject({ path: ["contact_email"], code: "custom", params: { key: "email" } });
  });
  it("sends no address when none of its fields is filled", () => {
    expect(labDataBody(labValues(lab)).address).toBeNull();
    expect(LabDataSchema.safeParse(labDataBody(labValues(lab))).success).toBe(true);
  });
  it("sends a filled address, which the API's schema accepts", () => {
    const values = labValues(lab);
    values.address = { line1: "Carrer Gran 1", line2: "", postal_code: "08001", city: "Barcelona", state: "", country: "ES", phone: "" };
    const body = labDataBody(values);
    expect(body.address?.city).toBe("Barcelona");
    expect(LabDataSchema.safeParse(body).success).toBe(true);
  });
  it("keeps a stored address through a round trip", () => {
    const stored = {
      ...lab,
      address: {
        line1: "Rue 2",
        line2: "",
        city: "Lyon",
        postal_code: "69001",
        state: "",
        country: "FR",
        phone: "",
        vat: "",
        vat_type: null,
      },
    };
    expect(labDataBody(labValues(stored)).address).toMatchObject({ line1: "Rue 2", city: "Lyon", country: "FR" });
  });
});
