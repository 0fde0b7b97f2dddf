import type { Lab } from "@latent/domain/labs";

/** Where the lab is: its own words and its address's city, without saying the same place twice. */
export function labPlace(lab: Pick<Lab, "location" | "address">): string {
  const city = lab.address?.city.trim() ?? "";
  const location = lab.location.trim();
  if (!city || location.toLowerCase().includes(city.toLowerCase())) return location;
  return location ? `${location} · ${city}` : city;
}
