import { paths } from "@latent/domain/app-paths";
import { createBrowserRouter, Outlet, type RouteObject, replace } from "react-router";
import { offlineFirstQueries } from "../features/companion/offline/offline-first-queries.ts";
import { filmQueryOptions } from "../features/films/api/get-film.ts";
import { PageLoader } from "../shared/ui/page-loader.tsx";
import type { AppServices } from "./app-services.ts";
import { completeSignIn } from "./guards/complete-sign-in.ts";
import { errorParamsRedirect } from "./guards/error-params-redirect.ts";
import { mobileRedirect } from "./guards/mobile-redirect.ts";
import { NO_PREVIOUS_PATH, type PreviousPath, previousPathOf } from "./guards/previous-path.ts";
import { requireLogin } from "./guards/require-login.ts";
import { labsToLabArea, photographersToDashboard, roleRedirects } from "./guards/role-redirects.ts";
import { DocumentTitle, type PageTitleKey, type TitleHandle } from "./layouts/document-title.tsx";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { RouteErrorScreen } from "./layouts/route-error-screen.tsx";
import { useRollName, useSharedRollName } from "./layouts/title-names.ts";
import { withRouteTexts } from "./route-texts.ts";

// Screens load on first visit (split chunks): the landing page must not pay for the user area, nor the reverse.
const redirectTo = (path: string) => () => replace(path);
/** The document title of a route's page (layouts/document-title.tsx), in its `handle`. */
const title = (key: PageTitleKey, useName?: TitleHandle["useName"]): { handle: TitleHandle } => ({
  handle: useName ? { title: key, useName } : { title: key },
});
const notFound: RouteObject = {
  path: "*",
  ...title("notFound"),
  lazy: async () => ({ Component: (await import("../features/errors/not-found-screen.tsx")).NotFoundScreen }),
};

/**
 * The whole route tree of spec §2 with its guards and page titles; flag-gated routes exist only when their flag is
 * on. Its paths are the domain's `paths`, which the server also answers 200 for (and 404 for any other).
 */
export function appRoutes(services: AppServices, previousPath: PreviousPath = NO_PREVIOUS_PATH): RouteObject[] {
  const { flags } = services;

  const publicRoutes: RouteObject[] = [
    {
      index: true,
      ...title("site"),
      lazy: async () => ({ Component: (await import("../features/landing/landing-screen.tsx")).LandingScreen }),
    },
    {
      path: paths.about,
      ...title("about"),
      lazy: async () => ({ Component: (await import("../features/landing/about-screen.tsx")).AboutScreen }),
    },
    {
      path: paths.pricing,
      ...title("pricing"),
      lazy: async () => ({ Component: (await import("../features/pricing/pricing-screen.tsx")).PricingScreen }),
    },
    {
      path: paths.tokens,
      ...title("tokens"),
      lazy: async () => ({ Component: (await import("../features/landing/tokens-screen.tsx")).TokensScreen }),
    },
    {
      path: paths.contact,
      ...title("contact"),
      lazy: async () => ({ Component: (await import("../features/contact/contact-screen.tsx")).ContactScreen }),
    },
    {
      path: paths.film,
      ...title("sharedRoll", useSharedRollName),
      lazy: async () => ({ Component: (await import("../features/public-film/public-film-screen.tsx")).PublicFilmScreen }),
    },
    {
      path: paths.order,
      ...title("order"),
      lazy: async () => ({ Component: (await import("../features/public-order/public-order-screen.tsx")).PublicOrderScreen }),
    },
    {
      path: paths.purchase,
      ...title("purchase"),
      lazy: async () => ({ Component: (await import("../features/shop/purchase-screen.tsx")).PurchaseScreen }),
    },
    {
      path: paths.sticker.pattern,
      ...title("sticker"),
      lazy: async () => ({ Component: (await import("../features/stickers/sticker-screen.tsx")).StickerScreen }),
    },
    { path: paths.privacy, ...title("privacy"), lazy: legal("privacy") },
    { path: paths.terms, ...title("terms"), lazy: legal("terms") },
    {
      path: paths.plugins,
      children: [
        { index: true, loader: redirectTo(paths.main) },
        {
          path: paths.pluginsLrCode,
          ...title("lightroom"),
          lazy: async () => ({ Component: (await import("../features/plugins/lightroom-screens.tsx")).LightroomCodeScreen }),
        },
        {
          path: paths.pluginsLrLogout,
          ...title("lightroom"),
          lazy: async () => ({ Component: (await import("../features/plugins/lightroom-screens.tsx")).LightroomLogoutScreen }),
        },
      ],
    },
    {
      path: paths.user.unauthorized,
      ...title("unauthorized"),
      lazy: async () => ({ Component: (await import("../features/errors/unauthorized-screen.tsx")).UnauthorizedScreen }),
    },
    notFound,
  ];

  const userRoutes: RouteObject[] = [
    { index: true, loader: redirectTo(paths.user.home) },
    {
      path: paths.user.home,
      ...title("home"),
      lazy: async () => ({ Component: (await import("../features/dashboard/home-screen.tsx")).HomeScreen }),
    },
    {
      path: paths.user.lab,
      lazy: async () => ({ Component: (await import("../features/lab/lab-layout.tsx")).LabLayout }),
      children: [
        { index: true, loader: redirectTo(paths.user.labGeneral) },
        {
          path: paths.user.labGeneral,
          ...title("lab"),
          lazy: async () => ({ Component: (await import("../features/lab/lab-general-screen.tsx")).LabGeneralScreen }),
        },
        {
          path: paths.user.labIntegrations,
          ...title("labIntegrations"),
          lazy: async () => ({ Component: (await import("../features/lab/lab-integrations-screen.tsx")).LabIntegrationsScreen }),
        },
        {
          path: paths.user.labApiKeys,
          ...title("labApiKeys"),
          lazy: async () => ({ Component: (await import("../features/lab/api-keys/lab-api-keys-screen.tsx")).LabApiKeysScreen }),
        },
        {
          path: paths.user.labWebhooks,
          ...title("labWebhooks"),
          lazy: async () => ({ Component: (await import("../features/lab/webhooks/lab-webhooks-screen.tsx")).LabWebhooksScreen }),
        },
      ],
    },
    {
      path: paths.user.orders,
      ...title("orders"),
      middleware: [photographersToDashboard(services)],
      lazy: async () => ({ Component: (await import("../features/orders/orders-screen.tsx")).OrdersScreen }),
    },
    {
      path: paths.user.films,
      children: [
        {
          index: true,
          ...title("films"),
          // A lab's rolls are its orders' and open from them: the photographers' roll list is no place of a lab's.
          middleware: [labsToLabArea(services)],
          lazy: async () => ({ Component: (await import("../features/films/films-screen.tsx")).FilmsScreen }),
        },
        {
          path: paths.user.film.pattern,
          ...title("roll", useRollName),
          // The roll is asked for while the screen's code loads, not after it: its thumbnails show that much sooner.
          loader: ({ params }) => {
            void services.queryClient.prefetchQuery(filmQueryOptions(services.api, params.filmId ?? ""));
            return null;
          },
          lazy: {
            Component: async () => {
              const [{ FilmScreen }, { StickerPanel }] = await Promise.all([
                import("../features/films/film-screen.tsx"),
                import("../features/stickers/public/sticker-panel.tsx"),
              ]);
              return () => <FilmScreen stickerPanel={StickerPanel} />;
            },
          },
        },
      ],
    },
    {
      path: paths.user.gear,
      lazy: async () => ({ Component: (await import("../features/gear/gear-layout.tsx")).GearLayout }),
      children: [
        { index: true, loader: redirectTo(paths.user.cameras) },
        {
          path: paths.user.cameras,
          ...title("cameras"),
          lazy: async () => ({ Component: (await import("../features/gear/cameras-screen.tsx")).CamerasScreen }),
        },
        {
          path: paths.user.lenses,
          ...title("lenses"),
          lazy: async () => ({ Component: (await import("../features/gear/lenses-screen.tsx")).LensesScreen }),
        },
      ],
    },
    ...(flags.labs
      ? [
          {
            path: paths.user.labs,
            ...title("labs"),
            lazy: async () => ({ Component: (await import("../features/labs-directory/labs-screen.tsx")).LabsScreen }),
          },
        ]
      : []),
    {
      path: paths.user.shop,
      lazy: async () => ({ Component: (await import("../features/shop/shop-layout.tsx")).ShopLayout }),
      children: [
        { index: true, loader: redirectTo(paths.user.subscriptions) },
        { path: paths.user.subscriptions, ...title("subscriptions"), lazy: subscriptions({ welcome: false }) },
        ...(flags.tokens
          ? [
              {
                path: paths.user.tokenPacks,
                ...title("tokenPacks"),
                lazy: async () => ({ Component: (await import("../features/shop/token-packs-screen.tsx")).TokenPacksScreen }),
              },
              {
                path: paths.user.shipment.pattern,
                ...title("shipment"),
                lazy: async () => ({ Component: (await import("../features/shop/shipment-screen.tsx")).ShipmentScreen }),
              },
              {
                path: paths.user.shipmentHistory,
                ...title("shipmentHistory"),
                lazy: async () => ({
                  Component: (await import("../features/shop/shipment-history-screen.tsx")).ShipmentHistoryScreen,
                }),
              },
            ]
          : []),
      ],
    },
    {
      path: paths.user.profile,
      ...title("profile"),
      lazy: async () => ({ Component: (await import("../features/profile/profile-screen.tsx")).ProfileScreen }),
    },
    {
      path: paths.user.purchase.pattern,
      ...title("purchase"),
      lazy: async () => ({ Component: (await import("../features/shop/purchase-screen.tsx")).UserPurchaseScreen }),
    },
    {
      path: paths.user.privacy,
      ...title("userPrivacy"),
      lazy: async () => ({ Component: (await import("../features/privacy/privacy-acceptance-screen.tsx")).PrivacyAcceptanceScreen }),
    },
    // Plans are a photographer's choice; a lab that signs up goes on to its lab area.
    { path: paths.user.welcome, ...title("welcome"), middleware: [labsToLabArea(services)], lazy: subscriptions({ welcome: true }) },
    {
      path: paths.user.survey,
      ...title("survey"),
      lazy: async () => ({ Component: (await import("../features/survey/survey-screen.tsx")).SurveyScreen }),
    },
    notFound,
  ];

  return [
    {
      id: "root",
      element: (
        <>
          <DocumentTitle />
          <Outlet />
        </>
      ),
      middleware: [errorParamsRedirect(previousPath)],
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { path: paths.callback, ...title("signingIn"), loader: completeSignIn(services), element: <PageLoader /> },
        {
          path: paths.user.root,
          // The role redirects look at the previous route too, so they guard every route of the area (spec §2).
          middleware: [mobileRedirect(services), requireLogin(services), roleRedirects(services, previousPath)],
          // Only the component is lazy (object form): the guards and the child's loader run while the layout's code
          // loads, instead of after it and every chunk it imports (decision 0035).
          lazy: { Component: async () => (await import("./layouts/user-layout.tsx")).UserLayout },
          children: userRoutes,
        },
        {
          // The phone companion: signed in like the user area, never sent away by the mobile redirect (it is where
          // phones go), and its queries go out even offline, where its service worker answers them.
          path: paths.companion.root,
          middleware: [offlineFirstQueries(services.queryClient), requireLogin(services)],
          lazy: async () => ({ Component: (await import("../features/companion/companion-layout.tsx")).CompanionLayout }),
          children: [
            { index: true, loader: redirectTo(paths.companion.rolls) },
            {
              path: paths.companion.rolls,
              ...title("companionRolls"),
              lazy: async () => ({ Component: (await import("../features/companion/rolls/rolls-screen.tsx")).RollsScreen }),
            },
            {
              path: paths.companion.roll.pattern,
              ...title("roll", useRollName),
              lazy: async () => ({ Component: (await import("../features/companion/rolls/roll-screen.tsx")).RollScreen }),
            },
            {
              path: paths.companion.scan,
              ...title("companionScan"),
              lazy: async () => ({ Component: (await import("../features/companion/scan/scan-screen.tsx")).ScanScreen }),
            },
            notFound,
          ],
        },
        { element: <PublicLayout />, children: publicRoutes },
      ],
    },
  ];
}

export function createAppRouter(services: AppServices) {
  // The guards read the router's committed location, i.e. the route a navigation leaves. The first load starts
  // inside createBrowserRouter, before it returns: until then there is no router, and no previous route.
  const created: { router?: ReturnType<typeof createBrowserRouter> } = {};
  created.router = createBrowserRouter(
    withRouteTexts(
      appRoutes(
        services,
        previousPathOf(() => created.router),
      ),
      services.i18n,
    ),
  );
  return created.router;
}

function subscriptions(props: { welcome: boolean }): RouteObject["lazy"] {
  return async () => {
    const { SubscriptionsScreen } = await import("../features/shop/subscriptions-screen.tsx");
    return { element: <SubscriptionsScreen {...props} /> };
  };
}

function legal(document: "privacy" | "terms"): RouteObject["lazy"] {
  return async () => {
    const { LegalScreen } = await import("../features/legal/legal-screen.tsx");
    return { element: <LegalScreen document={document} /> };
  };
}
