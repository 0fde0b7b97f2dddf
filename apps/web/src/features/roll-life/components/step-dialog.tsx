import type { RollStatus } from "@latent/domain/roll-life";
import { Alert, Autocomplete, Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useGearList } from "../../gear/api/list-gear.ts";
import { useLabs } from "../../labs-directory/api/list-labs.ts";
import type { LifeSide } from "../api/life-api.ts";
import { useTakeStep } from "../api/use-roll-life.ts";
import { stepActionText, stepDetails } from "../public/life-texts.ts";
import { EMPTY_STEP_VALUES, firstHoldDay, missingField, type StepValues, stepBody } from "./step-body.ts";

const LAB_SEARCH_DEBOUNCE_MS = 250;

interface StepDialogProps {
  side: LifeSide;
  filmId: string;
  /** The step being taken, or null when the dialog is closed. */
  status: RollStatus | null;
  onClose: () => void;
}

/** The few details a step takes before it is recorded: the camera, the lab and tracking, or until when. */
export function StepDialog({ side, filmId, status, onClose }: StepDialogProps) {
  const { t } = useTranslation("rollLife");
  return (
    <Modal
      opened={status !== null}
      onClose={onClose}
      title={status ? stepActionText(status, t) : ""}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      {status && <StepForm key={status} side={side} filmId={filmId} status={status} onDone={onClose} />}
    </Modal>
  );
}

function CameraField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("rollLife");
  const cameras = useGearList("cameras");
  const names = [...new Set((cameras.data ?? []).map((camera) => camera.name))];
  return (
    <Autocomplete
      label={t("form.camera")}
      description={t("form.cameraHint")}
      data={names}
      value={value}
      onChange={onChange}
      maxLength={120}
      data-autofocus
    />
  );
}

function LabField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation("rollLife");
  // The directory is searched by the server as the name is typed: it answers a hundred labs at most.
  const [search, setSearch] = useState("");
  const [typed] = useDebouncedValue(search.trim(), LAB_SEARCH_DEBOUNCE_MS);
  const labs = useLabs(typed);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (labs.data ?? []).map((lab) => ({ value: lab.id, label: lab.location ? `${lab.name} · ${lab.location}` : lab.name }));
  // The lab chosen stays an option while another search's answer no longer holds it.
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={t("form.lab")}
      placeholder={t("form.labPlaceholder")}
      data={options}
      value={value || null}
      onChange={(id, option) => {
        setChosen(option ?? null);
        onChange(id ?? "");
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      required
      nothingFoundMessage={labs.isPending ? t("common:loading") : t("form.noLab")}
      error={error ?? (labs.isError ? t("form.labsFailed") : undefined)}
      data-autofocus
    />
  );
}

function StepForm({ side, filmId, status, onDone }: { side: LifeSide; filmId: string; status: RollStatus; onDone: () => void }) {
  const { t } = useTranslation("rollLife");
  const errorText = useApiErrorText();
  const step = useTakeStep(side, filmId);
  const [values, setValues] = useState<StepValues>(EMPTY_STEP_VALUES);
  const [missing, setMissing] = useState<"lab_id" | "held_until" | null>(null);
  const details = stepDetails(status);
  const set = (field: keyof StepValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === missing) setMissing(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const absent = missingField(status, values);
    setMissing(absent);
    if (absent) return;
    step.mutate(stepBody(status, values), {
      onSuccess: (timeline) => {
        notifications.show({
          color: "green",
          message: t("done", { status: t(`status.${timeline.status ?? status}`) }),
          closeButtonProps: { "aria-label": t("errors:dismiss") },
        });
        onDone();
      },
    });
  };

  const tracking = (
    <TextInput
      label={t("form.tracking")}
      description={t("form.trackingHint")}
      value={values.tracking}
      onChange={(event) => set("tracking")(event.currentTarget.value)}
      maxLength={60}
      autoComplete="off"
      data-autofocus={details === "tracking" ? true : undefined}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {details === "camera" && <CameraField value={values.camera} onChange={set("camera")} />}
        {details === "lab" && (
          <>
            <LabField value={values.lab_id} onChange={set("lab_id")} error={missing === "lab_id" ? t("form.labRequired") : undefined} />
            {tracking}
          </>
        )}
        {details === "tracking" && tracking}
        {details === "held-until" && (
          <TextInput
            type="date"
            label={t("form.heldUntil")}
            description={t("form.heldUntilHint")}
            value={values.held_until}
            min={firstHoldDay(new Date())}
            onChange={(event) => set("held_until")(event.currentTarget.value)}
            required
            error={missing === "held_until" ? t("form.heldUntilRequired") : undefined}
            data-autofocus
          />
        )}
        {step.isError && (
          <Alert color="red" role="alert" title={t("failed")}>
            {errorText(step.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={step.isPending}>
            {stepActionText(status, t)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
