import {
  type LinkSettings,
  SHARE_FREE_MAX_MINUTES,
  SHARE_PASSWORD_MAX,
  SHARE_PASSWORD_MIN,
  type ShareExpiryPreset,
  type ShareSettings,
} from "@latent/domain/films";

/** What the link's form offers for its end: a preset, a day picked in a calendar, or (editing) leave it as it is. */
export type ExpiryChoice = ShareExpiryPreset | "date" | "keep";

/**
 * The link form's values. `password`: the new password ("" = none); `passwordAction` says what an edit does with
 * it: keep the current one, set the typed one, or remove it. A new link always takes what was typed.
 */
export interface LinkSettingsValues {
  password: string;
  passwordAction: "keep" | "set" | "remove";
  downloads: boolean;
  guestAnswers: boolean;
  expiry: ExpiryChoice;
  /** `YYYY-MM-DD` from the date field, read as the end of that day where the browser is. */
  date: string;
}

export const NEW_LINK_VALUES: LinkSettingsValues = {
  password: "",
  passwordAction: "set",
  downloads: true,
  guestAnswers: true,
  expiry: "1d",
  date: "",
};

/** An existing link's values in the edit form: every setting as it is, its end unchanged unless another is chosen. */
export const editValues = (link: Pick<LinkSettings, "downloads" | "guest_answers">): LinkSettingsValues => ({
  password: "",
  passwordAction: "keep",
  downloads: link.downloads,
  guestAnswers: link.guest_answers,
  expiry: "keep",
  date: "",
});

/** The chosen day's last minute where the browser is, as the API's ISO date-time; null when the field is not a date. */
export function endOfDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 0, 0);
  return Number.isNaN(end.getTime()) ? null : end;
}

/** Why the form cannot be sent, as a key of the `guestAnswers` texts (`link.errors.*`); null when it can. */
export function settingsProblem(values: LinkSettingsValues, options: { paidPlan: boolean; now: Date }): string | null {
  if (values.passwordAction === "set" && values.password !== "") {
    if (values.password.length < SHARE_PASSWORD_MIN) return "passwordShort";
    if (values.password.length > SHARE_PASSWORD_MAX) return "passwordLong";
  }
  if (values.expiry === "never" && !options.paidPlan) return "neverNeedsPlan";
  if (values.expiry === "date") {
    const end = endOfDay(values.date);
    if (!end) return "dateMissing";
    if (end.getTime() <= options.now.getTime()) return "datePast";
    // The server's rule exactly: more than 30 days from now needs a paid plan.
    if (!options.paidPlan && end.getTime() - options.now.getTime() > SHARE_FREE_MAX_MINUTES * 60_000) return "dateNeedsPlan";
  }
  return null;
}

/**
 * The JSON body of POST …/share and PUT …/shares/{id} (domain ShareSettingsSchema): a new link sends every setting;
 * an edit leaves out what it keeps (the server keeps a left-out field as it is).
 */
export function settingsBody(values: LinkSettingsValues): ShareSettings {
  const body: ShareSettings = { downloads: values.downloads, guest_answers: values.guestAnswers };
  if (values.passwordAction === "remove") body.password = null;
  else if (values.passwordAction === "set") body.password = values.password === "" ? null : values.password;
  if (values.expiry === "date") {
    const end = endOfDay(values.date);
    if (end) body.expires_at = end.toISOString();
  } else if (values.expiry !== "keep") body.expiry = values.expiry;
  return body;
}

/** True for the plans that may make a link that never ends or lasts past 30 days (the server says the same, 403). */
export const isPaidPlan = (plan: string | null | undefined) => plan === "artist" || plan === "unlimited";
