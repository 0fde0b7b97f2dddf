import { Anchor } from "@mantine/core";
import { Link } from "react-router";

/** The product's name as a home link; the name is a brand and stays the same in every language. */
export function BrandLink({ to }: { to: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={800}
      fz="lg"
      c="latent.7"
      underline="never"
      style={{ letterSpacing: "0.2em", textTransform: "uppercase" }}
    >
      Latent
    </Anchor>
  );
}
