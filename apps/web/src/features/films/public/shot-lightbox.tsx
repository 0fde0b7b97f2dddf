import { ActionIcon, Badge, Box, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fileSize } from "../components/film-texts.ts";
import classes from "../components/films.module.css";
import { useShotErrorText } from "../components/use-shot-error-text.ts";
import type { GalleryItem } from "./gallery-items.ts";

interface ShotLightboxProps {
  items: GalleryItem[];
  /** Index of the shot shown; null while closed. */
  openIndex: number | null;
  onNavigate: (index: number) => void;
  onClose: () => void;
  /** The owner's edit panel for the shot shown; shared rolls show none. */
  panel?: (item: GalleryItem) => ReactNode;
}

/** Keys typed into a field belong to the field, not to the lightbox. */
function isTyping(target: EventTarget | null) {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName));
}

/**
 * One shot at a time, large: ←/→ go to the previous or next shot, Esc closes, focus stays inside (Mantine's modal
 * traps it and gives it back to the tile on close).
 */
export function ShotLightbox({ items, openIndex, onNavigate, onClose, panel }: ShotLightboxProps) {
  const { t, i18n } = useTranslation("films");
  const errorText = useShotErrorText();
  const position = items.findIndex((item) => item.index === openIndex);
  const item = position >= 0 ? items[position] : undefined;
  const previous = position > 0 ? items[position - 1] : undefined;
  const next = position >= 0 && position < items.length - 1 ? items[position + 1] : undefined;

  useWindowEvent("keydown", (event) => {
    if (!item || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (event.key === "ArrowLeft" && previous) {
      event.preventDefault();
      onNavigate(previous.index);
    } else if (event.key === "ArrowRight" && next) {
      event.preventDefault();
      onNavigate(next.index);
    }
  });

  const shot = item?.shot ?? null;
  const image = item?.state === "done" ? (shot?.version.preview_url ?? shot?.version.thumbnail_url ?? null) : null;
  const fileName = shot?.file_name ?? item?.upload?.fileName ?? null;
  const title = item
    ? fileName
      ? t("lightbox.titleNamed", { index: item.index, name: fileName })
      : t("lightbox.title", { index: item.index })
    : "";

  return (
    <Modal
      closeButtonProps={{ "aria-label": t("films:close") }}
      opened={item !== undefined}
      onClose={onClose}
      title={title}
      size="min(1400px, 96vw)"
      centered
    >
      {item && (
        <SimpleGrid cols={{ base: 1, md: panel ? 2 : 1 }} spacing="lg">
          <Stack gap="sm">
            {image ? (
              <img key={image} src={image} alt={t("tile.alt", { index: item.index })} className={classes.lightboxImage} />
            ) : (
              <Box className={classes.lightboxEmpty}>
                {item.state === "pending" || item.state === "uploading" ? (
                  <Group gap="xs">
                    <Loader size="sm" color="gray" />
                    <Text inherit>{item.state === "pending" ? t("tile.processing") : t("tile.uploading")}</Text>
                  </Group>
                ) : (
                  <Text inherit>{item.state === "error" ? errorText(item.error) : t("tile.noThumbnail")}</Text>
                )}
              </Box>
            )}
            <Group justify="space-between" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => previous && onNavigate(previous.index)}
                disabled={!previous}
                aria-label={t("lightbox.previous")}
              >
                ←
              </ActionIcon>
              <Text size="sm" aria-live="polite">
                {t("lightbox.position", { position: position + 1, total: items.length })}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => next && onNavigate(next.index)}
                disabled={!next}
                aria-label={t("lightbox.next")}
              >
                →
              </ActionIcon>
            </Group>
            <Text size="xs" c="dimmed">
              {t("lightbox.keys")}
            </Text>
          </Stack>
          <Stack gap="sm">
            <Group gap="xs">
              {shot?.kept && (
                <Badge color="yellow" autoContrast>
                  {t("tile.kept")}
                </Badge>
              )}
              {shot?.version.format && (
                <Badge variant="light" color="gray">
                  {shot.version.format.replace("image/", "").toUpperCase()}
                </Badge>
              )}
            </Group>
            {shot && (
              <Text size="sm" c="dimmed">
                {[
                  shot.width && shot.height ? t("lightbox.dimensions", { width: shot.width, height: shot.height }) : null,
                  shot.size ? fileSize(shot.size, i18n.language) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            )}
            {shot?.version.url && (
              <div>
                <Button component="a" href={shot.version.url} download={fileName ?? undefined} variant="light" size="xs">
                  {t("lightbox.original")}
                </Button>
              </div>
            )}
            {panel?.(item)}
          </Stack>
        </SimpleGrid>
      )}
    </Modal>
  );
}
