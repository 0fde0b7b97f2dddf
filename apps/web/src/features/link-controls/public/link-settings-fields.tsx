import { paths } from "@latent/domain/app-paths";
import { SHARE_EXPIRY_PRESETS, SHARE_FREE_MAX_MINUTES, SHARE_PASSWORD_MAX } from "@latent/domain/films";
import { Anchor, Group, PasswordInput, Radio, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ExpiryChoice, LinkSettingsValues } from "./link-settings.ts";

interface LinkSettingsFieldsProps {
  values: LinkSettingsValues;
  onChange: (values: LinkSettingsValues) => void;
  /** A paid plan may choose "never" and days past 30; on the free plan they are disabled, with the reason. */
  paidPlan: boolean;
  /**
   * Editing an existing link (or making an order's next one, which starts from the current one's settings): its
   * password may be kept, changed or removed; `keepsEnd`: its end may stay as it is.
   */
  editing?: { hasPassword: boolean; keepsEnd: boolean };
  /** The problem's text (settingsProblem), shown under the field it is about. */
  problem?: string | null;
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/**
 * A share link's controls (issue 31), for a roll's links and an order's: a password (shown or hidden), whether the
 * link offers downloads and takes guests' favourites and comments, and when it ends.
 */
export function LinkSettingsFields({ values, onChange, paidPlan, editing, problem }: LinkSettingsFieldsProps) {
  const { t } = useTranslation("guestAnswers");
  const planReasonId = useId();
  const set = (change: Partial<LinkSettingsValues>) => onChange({ ...values, ...change });
  const today = new Date();
  const maxDay = new Date(today.getTime() + SHARE_FREE_MAX_MINUTES * 60_000 - 24 * 60 * 60_000);
  const passwordProblem = problem === "passwordShort" || problem === "passwordLong" ? t(`link.errors.${problem}`) : undefined;
  const expiryProblem = problem && !passwordProblem ? t(`link.errors.${problem}`) : undefined;
  const choices: ExpiryChoice[] = [...(editing?.keepsEnd ? (["keep"] as const) : []), ...SHARE_EXPIRY_PRESETS, "date"];

  return (
    <Stack gap="md">
      {editing?.hasPassword && (
        <SegmentedControl
          aria-label={t("link.passwordAction")}
          value={values.passwordAction}
          onChange={(value) => set({ passwordAction: value as LinkSettingsValues["passwordAction"], password: "" })}
          data={[
            { value: "keep", label: t("link.passwordKeep") },
            { value: "set", label: t("link.passwordChange") },
            { value: "remove", label: t("link.passwordRemove") },
          ]}
        />
      )}
      {values.passwordAction === "set" && (
        <PasswordInput
          label={editing?.hasPassword ? t("link.newPassword") : t("link.password")}
          description={t("link.passwordHint")}
          value={values.password}
          maxLength={SHARE_PASSWORD_MAX}
          autoComplete="new-password"
          onChange={(event) => set({ password: event.currentTarget.value })}
          error={passwordProblem}
          visibilityToggleButtonProps={{ "aria-label": t("link.showPassword") }}
        />
      )}
      <Switch
        label={t("link.downloads")}
        description={t("link.downloadsHint")}
        checked={values.downloads}
        onChange={(event) => set({ downloads: event.currentTarget.checked })}
      />
      <Switch
        label={t("link.guestAnswers")}
        description={t("link.guestAnswersHint")}
        checked={values.guestAnswers}
        onChange={(event) => set({ guestAnswers: event.currentTarget.checked })}
      />
      <Radio.Group
        label={t("link.expiry")}
        value={values.expiry}
        onChange={(value) => set({ expiry: value as ExpiryChoice })}
        error={values.expiry === "date" ? undefined : expiryProblem}
      >
        <Group gap="md" mt="xs">
          {choices.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              label={t(`link.expiries.${choice}`)}
              disabled={choice === "never" && !paidPlan}
              aria-describedby={choice === "never" && !paidPlan ? planReasonId : undefined}
            />
          ))}
        </Group>
      </Radio.Group>
      {!paidPlan && (
        <Text size="xs" c="dimmed" id={planReasonId}>
          {t("link.neverNeedsPlan")}{" "}
          <Anchor component={Link} to={paths.user.subscriptions} inherit underline="always">
            {t("link.upgrade")}
          </Anchor>
        </Text>
      )}
      {values.expiry === "date" && (
        <TextInput
          type="date"
          label={t("link.date")}
          description={t("link.dateHint")}
          value={values.date}
          min={isoDay(today)}
          max={paidPlan ? undefined : isoDay(maxDay)}
          onChange={(event) => set({ date: event.currentTarget.value })}
          error={expiryProblem}
          w={220}
        />
      )}
    </Stack>
  );
}
