import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { type DataRouter, RouterProvider } from "react-router";
import { ApiClientProvider } from "../shared/api/api-client-context.tsx";
import { AuthSessionProvider } from "../shared/auth/auth-session-context.tsx";
import { RuntimeConfigProvider } from "../shared/runtime-config/runtime-config-context.tsx";
import { cssVariablesResolver, theme } from "../shared/ui/theme.ts";
import type { AppServices } from "./app-services.ts";
import { OverlayHosts } from "./layouts/overlay-hosts.tsx";

/** Providers around the router; each gets the one instance built in `main.tsx`. */
export function App({ services, router }: { services: AppServices; router: DataRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <I18nextProvider i18n={services.i18n}>
        <RuntimeConfigProvider value={{ config: services.config, flags: services.flags }}>
          <AuthSessionProvider session={services.auth}>
            <QueryClientProvider client={services.queryClient}>
              <ApiClientProvider client={services.api}>
                <OverlayHosts />
                <RouterProvider router={router} />
              </ApiClientProvider>
            </QueryClientProvider>
          </AuthSessionProvider>
        </RuntimeConfigProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
