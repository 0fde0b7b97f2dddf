import type { User } from "@latent/domain/user";
import { describe, expect, it } from "vitest";
import { profileValues, userDataBody } from "./profile-values.ts";

const user: User = {
  user_id: "u1",
  email: "ada@example.com",
  role: "user",
  name: "Ada",
  nickname: "",
  first_name: "",
  last_name: "",
  webpage: "",
  picture: null,
  locale: null,
  address: null,
  shipping: null,
  plan: "free",
  max_films_capacity: 3,
  max_gears_capacity: 1,
  usage: { films: 0, gear: 0 },
  inactive_since: null,
  downgrading_since: null,
  blocked: false,
  storage: { used: 0, limit: null },
  survey_submitted: false,
  policy_accepted: false,
  lab: null,
  integrations: {},
  roll_mail: true,
  guest_mail: true,
};

describe("profile form values", () => {
  it("sends no address while the address fields are left empty", () => {
    const body = userDataBody(profileValues(user));
    expect(body.address).toBeNull();
    expect(body.shipping).toBeNull();
  });

  it("files a VAT number as eu_vat, a CIF as es_cif and a NIF as es_nif", () => {
    const values = profileValues(user);
    values.address = {
      ...values.address,
      line1: "Carrer Major 1",
      city: "Girona",
      postal_code: "17001",
      country: "ES",
      tax_id_type: "NIF",
      vat: "12345678Z",
    };
    expect(userDataBody(values).address).toMatchObject({ vat: "12345678Z", vat_type: "es_nif" });
    values.address.tax_id_type = "CIF";
    expect(userDataBody(values).address).toMatchObject({ vat_type: "es_cif" });
    values.address.tax_id_type = "VAT";
    expect(userDataBody(values).address).toMatchObject({ vat_type: "eu_vat" });
  });

  it("ships to the billing address when asked to", () => {
    const values = profileValues(user);
    values.address = { ...values.address, line1: "Via Roma 2", city: "Torino", postal_code: "10121", country: "IT" };
    values.shippingSameAsBilling = true;
    const body = userDataBody(values);
    expect(body.shipping).toEqual(body.address);
  });

  it("reads each stored type back as the choice that was made (a NIF stays a NIF)", () => {
    const address = {
      line1: "a",
      line2: "",
      city: "b",
      postal_code: "c",
      state: "",
      country: "ES",
      phone: "",
      vat: "B123",
      vat_type: "es_cif" as const,
    };
    expect(profileValues({ ...user, address, shipping: address }).address.tax_id_type).toBe("CIF");
    const nif = { ...address, vat_type: "es_nif" as const };
    expect(profileValues({ ...user, address: nif, shipping: nif }).address.tax_id_type).toBe("NIF");
    const vat = { ...address, vat_type: "eu_vat" as const };
    expect(profileValues({ ...user, address: vat, shipping: vat }).address.tax_id_type).toBe("VAT");
  });
});
