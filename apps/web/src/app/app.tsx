import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { AuthProvider } from "react-oidc-context";
import { type DataRouter, RouterProvider } from "react-router";
import { ApiClientProvider } from "../shared/api/api-client-context.tsx";
import { AuthSessionProvider } from "../shared/auth/auth-session-context.tsx";
import { RuntimeConfigProvider } from "../shared/runtime-config/runtime-config-context.tsx";
import { cssVariablesResolver, theme } from "../shared/ui/theme.ts";
import type { AppServices } from "./app-services.ts";

/** Providers around the router; each gets the one instance built in `main.tsx`. */
export function App({ services, router }: { services: AppServices; router: DataRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <I18nextProvider i18n={services.i18n}>
        {/* /callback is completed by its route loader, not by the provider component (it would do it twice). */}
        <AuthProvider userManager={services.auth.userManager} skipSigninCallback>
          <RuntimeConfigProvider value={{ config: services.config, flags: services.flags }}>
            <AuthSessionProvider session={services.auth}>
              <QueryClientProvider client={services.queryClient}>
                <ApiClientProvider client={services.api}>
                  <ModalsProvider>
                    <Notifications position="top-right" />
                    <RouterProvider router={router} />
                  </ModalsProvider>
                </ApiClientProvider>
              </QueryClientProvider>
            </AuthSessionProvider>
          </RuntimeConfigProvider>
        </AuthProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
