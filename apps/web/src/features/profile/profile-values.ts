import { type Address, TAX_ID_TYPES, type User, type UserDataSchema } from "@latent/domain/user";
import type { z } from "zod";

/** The spec's VAT and CIF, and NIF (spec §5's form labels), each kept as chosen. */
export const TAX_ID_CHOICES = ["VAT", "CIF", "NIF"] as const;
export type TaxIdChoice = (typeof TAX_ID_CHOICES)[number];

const TAX_ID_CODE: Record<TaxIdChoice, Address["vat_type"]> = TAX_ID_TYPES;
const choiceOf = (code: Address["vat_type"]): TaxIdChoice | "" => TAX_ID_CHOICES.find((choice) => TAX_ID_CODE[choice] === code) ?? "";

export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  state: string;
  country: string;
  phone: string;
  tax_id_type: TaxIdChoice | "";
  vat: string;
}

export interface ProfileValues {
  name: string;
  nickname: string;
  first_name: string;
  last_name: string;
  webpage: string;
  address: AddressValues;
  /** Shipping goes to the billing address: no second address to type. */
  shippingSameAsBilling: boolean;
  shipping: AddressValues;
}

export type UserDataBody = z.input<typeof UserDataSchema>;

const EMPTY_ADDRESS: AddressValues = {
  line1: "",
  line2: "",
  city: "",
  postal_code: "",
  state: "",
  country: "",
  phone: "",
  tax_id_type: "",
  vat: "",
};

function addressValues(address: Address | null): AddressValues {
  if (!address) return { ...EMPTY_ADDRESS };
  return {
    line1: address.line1,
    line2: address.line2 ?? "",
    city: address.city,
    postal_code: address.postal_code,
    state: address.state ?? "",
    country: address.country,
    phone: address.phone ?? "",
    tax_id_type: choiceOf(address.vat_type),
    vat: address.vat ?? "",
  };
}

const sameAddress = (a: Address | null, b: Address | null) => JSON.stringify(a) === JSON.stringify(b);

export function profileValues(user: User): ProfileValues {
  return {
    name: user.name,
    nickname: user.nickname,
    first_name: user.first_name,
    last_name: user.last_name,
    webpage: user.webpage,
    address: addressValues(user.address),
    shippingSameAsBilling: sameAddress(user.address, user.shipping),
    shipping: addressValues(user.shipping),
  };
}

/** An untouched address is "no address" (null), not an invalid one. */
function addressBody({ tax_id_type, ...fields }: AddressValues): UserDataBody["address"] {
  if (Object.values(fields).every((v) => v.trim() === "")) return null;
  return { ...fields, vat_type: tax_id_type ? TAX_ID_CODE[tax_id_type] : null };
}

/** The body of PUT user/ for the form's values. */
export function userDataBody(values: ProfileValues): UserDataBody {
  const address = addressBody(values.address);
  return {
    name: values.name,
    nickname: values.nickname,
    first_name: values.first_name,
    last_name: values.last_name,
    webpage: values.webpage,
    address,
    shipping: values.shippingSameAsBilling ? address : addressBody(values.shipping),
  };
}
