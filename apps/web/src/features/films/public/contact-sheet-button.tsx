import { CONTACT_SHEET_PAPERS, type ContactSheetPaper, contactSheetFileName } from "@latent/domain/contact-sheet";
import { Button, Group, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { saveFile } from "../../../shared/device/save-file.ts";
import { useLocale } from "../../../shared/i18n/use-locale.ts";
import { defaultPaper } from "./contact-sheet-paper.ts";

interface ContactSheetButtonProps {
  film: { name: string; brand: string; model: string };
  /** The PDF on the chosen paper (the owner's route, or the share link's). */
  fetchSheet: (paper: ContactSheetPaper) => Promise<Blob>;
  /** No finished scans yet: nothing to print. */
  disabled?: boolean;
}

/** "Contact sheet" on the reader's usual paper, with the other one a menu away; the PDF is saved under the roll's name. */
export function ContactSheetButton({ film, fetchSheet, disabled }: ContactSheetButtonProps) {
  const { t } = useTranslation(["films", "errors"]);
  const errorText = useApiErrorText();
  const { locale } = useLocale();
  const [paper, setPaper] = useState<ContactSheetPaper>(() => defaultPaper(locale));
  const save = useMutation({
    mutationFn: async (chosen: ContactSheetPaper) => saveFile(await fetchSheet(chosen), contactSheetFileName(film)),
    onError: (err) =>
      notifications.show({
        closeButtonProps: { "aria-label": t("errors:dismiss") },
        color: "red",
        title: t("films:contactSheet.failed"),
        message: errorText(err),
      }),
  });

  return (
    <Group gap={4} wrap="nowrap">
      <Button variant="default" onClick={() => save.mutate(paper)} loading={save.isPending} disabled={disabled}>
        {t("films:contactSheet.action")}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={disabled || save.isPending}
            aria-label={`${t("films:contactSheet.paper")}: ${t(`films:contactSheet.papers.${paper}`)}`}
          >
            {t(`films:contactSheet.papers.${paper}`)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t("films:contactSheet.paper")}</Menu.Label>
          {CONTACT_SHEET_PAPERS.map((p) => (
            <Menu.Item
              key={p}
              aria-current={p === paper ? "true" : undefined}
              fw={p === paper ? 700 : undefined}
              onClick={() => {
                setPaper(p);
                save.mutate(p);
              }}
            >
              {t(`films:contactSheet.papers.${p}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
