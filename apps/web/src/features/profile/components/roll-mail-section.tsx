import type { User } from "@latent/domain/user";
import { Fieldset, Switch } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useUpdateUser } from "../../user/api/update-user.ts";

/**
 * Whether a lab's steps on the user's rolls (received, scanned, delivered, negatives returned, hold reminders) are
 * mailed, and the digest of guests' answers on the user's links. A lab gets only the digest: its order links'
 * favourites, comments and rescan or print requests.
 */
export function RollMailSection({ user }: { user: User }) {
  const lab = user.role === "lab";
  const { t } = useTranslation(["profile", "guestAnswers"]);
  const errorText = useApiErrorText();
  const update = useUpdateUser();
  // Shown at once; a refusal puts it back, with the reason.
  const checked = update.isPending && update.variables?.roll_mail !== undefined ? update.variables.roll_mail : user.roll_mail;
  const guestMail = update.isPending && update.variables?.guest_mail !== undefined ? update.variables.guest_mail : user.guest_mail;
  return (
    <Fieldset legend={lab ? t("guestAnswers:mail.labTitle") : t("rollMail.title")}>
      {!lab && (
        <Switch
          mb="sm"
          label={t("rollMail.label")}
          description={t("rollMail.hint")}
          checked={checked}
          onChange={(event) => update.mutate({ roll_mail: event.currentTarget.checked })}
          disabled={update.isPending}
          error={update.isError && update.variables?.roll_mail !== undefined ? errorText(update.error) : undefined}
        />
      )}
      {/* At most one mail per link an hour, when guests favourite or comment (issue 31). */}
      <Switch
        label={lab ? t("guestAnswers:mail.labLabel") : t("guestAnswers:mail.label")}
        description={lab ? t("guestAnswers:mail.labHint") : t("guestAnswers:mail.hint")}
        checked={guestMail}
        onChange={(event) => update.mutate({ guest_mail: event.currentTarget.checked })}
        disabled={update.isPending}
        error={update.isError && update.variables?.guest_mail !== undefined ? errorText(update.error) : undefined}
      />
    </Fieldset>
  );
}
