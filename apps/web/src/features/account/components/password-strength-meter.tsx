import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { passwordStrength } from "../password-strength.ts";

const COLORS = ["red", "red", "orange", "teal", "green"] as const;

/** An indicative strength bar under a new password; the words say the same for those who cannot see the colour. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation("account");
  if (!password) return null;
  const score = passwordStrength(password);
  const level = t(`password.strength.${score}`);
  return (
    <Stack gap={4}>
      <Progress value={score === 0 ? 10 : score * 25} color={COLORS[score]} size="sm" aria-label={t("password.strengthLabel", { level })} />
      <Text size="xs" c="dimmed" aria-live="polite">
        {t("password.strengthLabel", { level })}
      </Text>
    </Stack>
  );
}
