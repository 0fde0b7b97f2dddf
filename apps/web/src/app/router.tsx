import { createBrowserRouter, Outlet, type RouteObject, replace } from "react-router";
import { paths } from "../config/paths.ts";
import type { UpcomingFeature } from "../features/upcoming/upcoming-screen.tsx";
import { PageLoader } from "../shared/ui/page-loader.tsx";
import type { AppServices } from "./app-services.ts";
import { completeSignIn } from "./guards/complete-sign-in.ts";
import { errorParamsRedirect } from "./guards/error-params-redirect.ts";
import { mobileRedirect } from "./guards/mobile-redirect.ts";
import { requireLogin } from "./guards/require-login.ts";
import { labsToLabArea, photographersToDashboard } from "./guards/role-redirects.ts";
import { PublicLayout } from "./layouts/public-layout.tsx";
import { RouteErrorScreen } from "./layouts/route-error-screen.tsx";

// Screens load on first visit (split chunks): the landing page must not pay for the user area, nor the reverse.
const upcoming =
  (feature: UpcomingFeature): RouteObject["lazy"] =>
  async () => {
    const { UpcomingScreen } = await import("../features/upcoming/upcoming-screen.tsx");
    return { element: <UpcomingScreen feature={feature} /> };
  };
const redirectTo = (path: string) => () => replace(path);
const notFound: RouteObject = {
  path: "*",
  lazy: async () => ({ Component: (await import("../features/errors/not-found-screen.tsx")).NotFoundScreen }),
};

/** The whole route tree of spec §2 with its guards; flag-gated routes exist only when their flag is on. */
export function createAppRouter(services: AppServices) {
  const { flags } = services;

  const publicRoutes: RouteObject[] = [
    { index: true, lazy: async () => ({ Component: (await import("../features/landing/landing-screen.tsx")).LandingScreen }) },
    { path: paths.about, lazy: async () => ({ Component: (await import("../features/landing/about-screen.tsx")).AboutScreen }) },
    { path: paths.pricing, lazy: async () => ({ Component: (await import("../features/pricing/pricing-screen.tsx")).PricingScreen }) },
    { path: paths.tokens, lazy: async () => ({ Component: (await import("../features/landing/tokens-screen.tsx")).TokensScreen }) },
    { path: paths.contact, lazy: async () => ({ Component: (await import("../features/contact/contact-screen.tsx")).ContactScreen }) },
    {
      path: paths.film,
      lazy: async () => ({ Component: (await import("../features/public-film/public-film-screen.tsx")).PublicFilmScreen }),
    },
    ...(["order", "purchase"] as const).map((kind): RouteObject => ({ path: paths[kind], lazy: publicLink(kind) })),
    { path: paths.sticker.pattern, lazy: publicLink("sticker") },
    { path: paths.privacy, lazy: legal("privacy") },
    { path: paths.terms, lazy: legal("terms") },
    {
      path: paths.plugins,
      children: [
        { index: true, loader: redirectTo(paths.main) },
        {
          path: paths.pluginsLrCode,
          lazy: async () => ({ Component: (await import("../features/plugins/lightroom-screens.tsx")).LightroomCodeScreen }),
        },
        {
          path: paths.pluginsLrLogout,
          lazy: async () => ({ Component: (await import("../features/plugins/lightroom-screens.tsx")).LightroomLogoutScreen }),
        },
      ],
    },
    {
      path: paths.user.unauthorized,
      lazy: async () => ({ Component: (await import("../features/errors/unauthorized-screen.tsx")).UnauthorizedScreen }),
    },
    notFound,
  ];

  const userRoutes: RouteObject[] = [
    { index: true, loader: redirectTo(paths.user.home) },
    {
      path: paths.user.home,
      middleware: [labsToLabArea(services)],
      lazy: async () => ({ Component: (await import("../features/dashboard/home-screen.tsx")).HomeScreen }),
    },
    {
      path: paths.user.lab,
      middleware: [photographersToDashboard(services)],
      children: [
        { index: true, loader: redirectTo(paths.user.labGeneral) },
        { path: paths.user.labGeneral, lazy: upcoming("labGeneral") },
        { path: paths.user.labIntegrations, lazy: upcoming("labIntegrations") },
      ],
    },
    { path: paths.user.orders, lazy: upcoming("orders") },
    {
      path: paths.user.films,
      children: [
        { index: true, lazy: async () => ({ Component: (await import("../features/films/films-screen.tsx")).FilmsScreen }) },
        {
          path: paths.user.film.pattern,
          lazy: async () => ({ Component: (await import("../features/films/film-screen.tsx")).FilmScreen }),
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
          lazy: async () => ({ Component: (await import("../features/gear/cameras-screen.tsx")).CamerasScreen }),
        },
        { path: paths.user.lenses, lazy: async () => ({ Component: (await import("../features/gear/lenses-screen.tsx")).LensesScreen }) },
      ],
    },
    ...(flags.labs ? [{ path: paths.user.labs, lazy: upcoming("labs") }] : []),
    {
      path: paths.user.shop,
      children: [
        { index: true, loader: redirectTo(paths.user.subscriptions) },
        { path: paths.user.subscriptions, lazy: upcoming("subscriptions") },
        ...(flags.tokens
          ? [
              { path: paths.user.tokenPacks, lazy: upcoming("tokenPacks") },
              { path: paths.user.shipment.pattern, lazy: upcoming("shipment") },
              { path: paths.user.shipmentHistory, lazy: upcoming("shipmentHistory") },
            ]
          : []),
      ],
    },
    { path: paths.user.profile, lazy: async () => ({ Component: (await import("../features/profile/profile-screen.tsx")).ProfileScreen }) },
    { path: paths.user.purchase.pattern, lazy: upcoming("purchase") },
    {
      path: paths.user.privacy,
      lazy: async () => ({ Component: (await import("../features/privacy/privacy-acceptance-screen.tsx")).PrivacyAcceptanceScreen }),
    },
    { path: paths.user.welcome, lazy: upcoming("welcome") },
    { path: paths.user.survey, lazy: async () => ({ Component: (await import("../features/survey/survey-screen.tsx")).SurveyScreen }) },
    notFound,
  ];

  return createBrowserRouter([
    {
      id: "root",
      element: <Outlet />,
      middleware: [errorParamsRedirect],
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { path: paths.callback, loader: completeSignIn(services), element: <PageLoader /> },
        {
          path: paths.user.root,
          middleware: [mobileRedirect(services), requireLogin(services)],
          lazy: async () => ({ Component: (await import("./layouts/user-layout.tsx")).UserLayout }),
          children: userRoutes,
        },
        { element: <PublicLayout />, children: publicRoutes },
      ],
    },
  ]);
}

function publicLink(kind: "film" | "order" | "purchase" | "sticker"): RouteObject["lazy"] {
  return async () => {
    const { PublicLinkScreen } = await import("../features/public-links/public-link-screen.tsx");
    return { element: <PublicLinkScreen kind={kind} /> };
  };
}

function legal(document: "privacy" | "terms"): RouteObject["lazy"] {
  return async () => {
    const { LegalScreen } = await import("../features/legal/legal-screen.tsx");
    return { element: <LegalScreen document={document} /> };
  };
}
