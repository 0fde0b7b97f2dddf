import type { Camera } from "@latent/domain/gear";
import { useTranslation } from "react-i18next";
import { CameraForm } from "./components/camera-form.tsx";
import { GearListScreen } from "./components/gear-list-screen.tsx";

function CameraFormAdapter({ item, onDone }: { item?: Camera; onDone: () => void }) {
  return <CameraForm camera={item} onDone={onDone} />;
}

export function CamerasScreen() {
  const { t } = useTranslation("gear");
  return (
    <GearListScreen
      kind="cameras"
      Form={CameraFormAdapter}
      columns={[
        { header: t("cameras.fields.type"), cell: (camera) => t(`cameraTypes.${camera.metadata.type}`) },
        { header: t("cameras.fields.format"), cell: (camera) => t(`formats.${camera.metadata.format}`) },
        { header: t("cameras.fields.frameSize"), cell: (camera) => camera.metadata.frame_size },
      ]}
    />
  );
}
