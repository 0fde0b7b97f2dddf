import type { RollStatus } from "@latent/domain/roll-life";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import type { LifeSide } from "../api/life-api.ts";
import { useTakeStep } from "../api/use-roll-life.ts";
import { stepActionText, stepDetails } from "../public/life-texts.ts";
import { StepDialog } from "./step-dialog.tsx";

interface NextStepButtonsProps {
  side: LifeSide;
  filmId: string;
  /** The steps the caller may take now (the timeline's `next`). */
  next: readonly RollStatus[];
  size?: "xs" | "sm" | "md";
}

/** One button per step the caller may take: one tap for a plain step, a short dialog for one that takes details. */
export function NextStepButtons({ side, filmId, next, size = "sm" }: NextStepButtonsProps) {
  const { t } = useTranslation("rollLife");
  const errorText = useApiErrorText();
  const step = useTakeStep(side, filmId);
  const [asking, setAsking] = useState<RollStatus | null>(null);
  if (next.length === 0) return null;

  const take = (status: RollStatus) => {
    if (stepDetails(status) !== null) return setAsking(status);
    step.mutate(
      { status },
      {
        onSuccess: (timeline) =>
          notifications.show({
            color: "green",
            message: t("done", { status: t(`status.${timeline.status ?? status}`) }),
            closeButtonProps: { "aria-label": t("errors:dismiss") },
          }),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {next.map((status, i) => (
          <Button
            key={status}
            size={size}
            variant={i === 0 ? "filled" : "default"}
            onClick={() => take(status)}
            loading={step.isPending && step.variables?.status === status}
            disabled={step.isPending && step.variables?.status !== status}
          >
            {stepActionText(status, t)}
          </Button>
        ))}
      </Group>
      {step.isError && (
        <Alert
          color="red"
          role="alert"
          title={t("failed")}
          withCloseButton
          onClose={() => step.reset()}
          closeButtonLabel={t("errors:dismiss")}
        >
          {errorText(step.error)}
        </Alert>
      )}
      <StepDialog side={side} filmId={filmId} status={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
