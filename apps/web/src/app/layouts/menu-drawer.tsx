import { Drawer, type DrawerProps } from "@mantine/core";

/** The public pages' menu on small screens: loaded on the first tap of the burger (public-layout.tsx). */
export function MenuDrawer(props: DrawerProps) {
  return <Drawer {...props} />;
}
