import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./skip-link.module.css";

/** Lets keyboard users jump to the page's `<main id="main">`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Anchor href="#main" className={classes.skipLink}>
      {t("nav.skip")}
    </Anchor>
  );
}
