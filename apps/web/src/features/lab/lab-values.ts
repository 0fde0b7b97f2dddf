import type { LabData, MyLab } from "@latent/domain/labs";
import type { Address } from "@latent/domain/user";

export interface LabAddressValues {
  line1: string;
  line2: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
  phone: string;
}

export interface LabValues {
  name: string;
  location: string;
  webpage: string;
  /** "" when the lab gave none: replies then reach its account's address. */
  contact_email: string;
  address: LabAddressValues;
}

const EMPTY_ADDRESS: LabAddressValues = { line1: "", line2: "", postal_code: "", city: "", state: "", country: "", phone: "" };

function addressValues(address: Address | null): LabAddressValues {
  if (!address) return { ...EMPTY_ADDRESS };
  return {
    line1: address.line1,
    line2: address.line2 ?? "",
    postal_code: address.postal_code,
    city: address.city,
    state: address.state ?? "",
    country: address.country,
    phone: address.phone ?? "",
  };
}

export function labValues(lab: MyLab): LabValues {
  return {
    name: lab.name,
    location: lab.location,
    webpage: lab.webpage,
    contact_email: lab.contact_email ?? "",
    address: addressValues(lab.address),
  };
}

/** The body of PUT labs/ for the form's values; an untouched address is "no address" (null), not an invalid one. */
export function labDataBody(values: LabValues): LabData {
  const blank = Object.values(values.address).every((v) => v.trim() === "");
  return {
    name: values.name,
    location: values.location,
    webpage: values.webpage,
    contact_email: values.contact_email,
    address: blank ? null : { ...values.address, vat: "", vat_type: null },
  };
}
