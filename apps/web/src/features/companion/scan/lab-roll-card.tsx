import type { LabStickerLookup } from "@latent/domain/roll-life";
import { Alert, Button, Card, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { filmKeys } from "../../films/api/film-keys.ts";
import { getLabSticker, lifeKeys, receiveSticker, takeStep } from "../../roll-life/api/life-api.ts";
import { statusText, stepActionText } from "../../roll-life/public/life-texts.ts";
import { StatusBadge } from "../../roll-life/public/roll-timeline.tsx";
import { type LabButton, labButton } from "./lab-scan.ts";

interface LabRollCardProps {
  /** The sticker's hash or short id, as scanned. */
  stickerRef: string;
  lookup: LabStickerLookup;
}

/**
 * A lab's scanned roll at the counter: what it is, whose, where it stands, and one big button for the next step.
 * Each tap records the step and asks the sticker again, so the button offers the step after it.
 */
export function LabRollCard({ stickerRef, lookup: first }: LabRollCardProps) {
  const { t } = useTranslation(["rollLife", "companion"]);
  const errorText = useApiErrorText();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const key = lifeKeys.labSticker(stickerRef);
  const lookup = useQuery({ queryKey: key, queryFn: () => getLabSticker(api, stickerRef), initialData: first, staleTime: 0 });
  const roll = lookup.data;
  const button = labButton(roll);

  const act = useMutation({
    mutationFn: async (action: LabButton) => {
      if (action.kind === "receive") await receiveSticker(api, stickerRef);
      else if (action.kind === "advance") await takeStep(api, "lab", roll.film.id, { status: action.status });
      return queryClient.fetchQuery({ queryKey: key, queryFn: () => getLabSticker(api, stickerRef), staleTime: 0 });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.detail(roll.film.id) }),
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
      ]),
  });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="lab-roll-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lab-roll-title">
          {roll.film.name || roll.film.stock}
        </Title>
        <Text size="sm">{t("companion:lab.stock", { stock: roll.film.stock, format: roll.film.format })}</Text>
        <Text size="sm">{t("companion:lab.customer", { customer: roll.film.customer })}</Text>
        <div aria-live="polite">
          <StatusBadge status={roll.status} size="lg" />
          {act.isSuccess && (
            <Text size="sm" mt="xs" role="status">
              {t("rollLife:done", { status: statusText(roll.status, t) })}
            </Text>
          )}
        </div>
        {act.isError && (
          <Alert color="red" role="alert" title={t("rollLife:failed")}>
            {errorText(act.error)}
          </Alert>
        )}
        {button.kind === "none" ? (
          <Alert color="gray" role="status">
            {t(`companion:lab.reason.${button.reason}`)}
          </Alert>
        ) : (
          <Button size="xl" fullWidth onClick={() => act.mutate(button)} loading={act.isPending}>
            {button.kind === "receive" ? t("rollLife:action.receive") : stepActionText(button.status, t)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
