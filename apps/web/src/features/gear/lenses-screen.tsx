import type { Lens } from "@latent/domain/gear";
import { useTranslation } from "react-i18next";
import { GearListScreen } from "./components/gear-list-screen.tsx";
import { LensForm } from "./components/lens-form.tsx";

function LensFormAdapter({ item, onDone }: { item?: Lens; onDone: () => void }) {
  return <LensForm lens={item} onDone={onDone} />;
}

/** "50mm" for a prime, "35–70mm" for a zoom, as lenses are named. */
const focalRange = ({ min_focal, max_focal }: Lens["metadata"]) =>
  min_focal === max_focal ? `${min_focal}mm` : `${min_focal}–${max_focal}mm`;
const apertureRange = ({ max_aperture, min_aperture }: Lens["metadata"]) =>
  min_aperture == null ? `f/${max_aperture}` : `f/${max_aperture}–${min_aperture}`;

export function LensesScreen() {
  const { t } = useTranslation("gear");
  return (
    <GearListScreen
      kind="lenses"
      Form={LensFormAdapter}
      columns={[
        { header: t("lenses.columns.focal"), cell: (lens) => focalRange(lens.metadata) },
        { header: t("lenses.columns.aperture"), cell: (lens) => apertureRange(lens.metadata) },
      ]}
    />
  );
}
