import type { LinkSettings } from "@latent/domain/films";
import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A link's controls in a few words: password, downloads off, answers off, never ends; nothing for an open default link. */
export function LinkSettingsSummary({
  settings,
}: {
  settings: Pick<LinkSettings, "has_password" | "downloads" | "guest_answers" | "never_expires">;
}) {
  const { t } = useTranslation("guestAnswers");
  const badges = [
    settings.has_password && t("link.summary.password"),
    !settings.downloads && t("link.summary.downloadsOff"),
    !settings.guest_answers && t("link.summary.answersOff"),
    settings.never_expires && t("link.summary.never"),
  ].filter((text): text is string => typeof text === "string");
  if (badges.length === 0) return null;
  return (
    <Group gap={4}>
      {badges.map((text) => (
        // Dark text on the light tint: the tint's own text colour is too pale to read (WCAG AA).
        <Badge key={text} variant="light" color="gray" c="dark.7" size="sm">
          {text}
        </Badge>
      ))}
    </Group>
  );
}
