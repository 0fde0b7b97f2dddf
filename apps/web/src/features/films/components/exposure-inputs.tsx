import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { ZONE_OFFSETS } from "./exposure-values.ts";

type Field = "aperture" | "shutter" | "focalLength" | "compensation" | "takenAt" | "takenZone";

interface ExposureInputsProps {
  /** The form's props for a field (the shot form keeps them under `exposure.`, the several-frames form at its root). */
  inputProps: (field: Field) => GetInputPropsReturnType;
  /** The shot form notes the compensation too; the several-frames form sets what a day shares. */
  withCompensation?: boolean;
}

/** The exposure settings as a log sheet has them: aperture, speed, focal length (and compensation). */
export function ExposureSettingInputs({ inputProps, withCompensation = false }: ExposureInputsProps) {
  const { t } = useTranslation("films");
  return (
    <SimpleGrid cols={{ base: 1, xs: withCompensation ? 2 : 3 }} spacing="xs">
      <TextInput label={t("exposure.aperture")} placeholder="f/8" inputMode="decimal" {...inputProps("aperture")} />
      <TextInput label={t("exposure.shutter")} placeholder='1/125, 2" · B' {...inputProps("shutter")} />
      <TextInput label={t("exposure.focalLength")} placeholder="50" rightSection="mm" inputMode="decimal" {...inputProps("focalLength")} />
      {withCompensation && (
        <TextInput label={t("exposure.compensation")} placeholder="+1, -0.7" rightSection="EV" {...inputProps("compensation")} />
      )}
    </SimpleGrid>
  );
}

/** When the frame was taken, on the camera's clock, and that clock's zone. */
export function TakenAtInputs({ inputProps }: Pick<ExposureInputsProps, "inputProps">) {
  const { t } = useTranslation("films");
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      <TextInput type="datetime-local" label={t("exposure.takenAt")} {...inputProps("takenAt")} />
      <NativeSelect
        label={t("exposure.zone")}
        data={ZONE_OFFSETS.map((z) => ({ value: z, label: `UTC${z}` }))}
        {...inputProps("takenZone")}
      />
    </SimpleGrid>
  );
}
