import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { dropPrerenderedStyles } from '../lib/prerendered';
import { decideAccess, landingFor } from './access-rules';
import { filterNavigation, flattenNavigation, navigation } from './navigation';
import { peekRedirect, rememberRedirect, takeRedirect } from './redirect';
import { RouteError } from './route-error';
import { type AppRoute, appRoutes } from './routes';
import { ScreenLoader } from './screen-loader';
import { SplashScreen } from './splash-screen';

const ShellGate = lazy(() => import('./shell/shell-gate'));
const HomeScreen = lazy(() => import('../features/home/home-screen'));

const screens = new Map<string, ComponentType>();
function screenOf(route: AppRoute) {
  let screen = screens.get(route.path);
  if (!screen) {
    screen = lazy(route.load);
    screens.set(route.path, screen);
  }
  return screen;
}

/**
 * Loads the screen of a guest page (/login, /forgot-password) before the app's first render, so
 * that render draws the screen itself rather than a loader in place of the page's static copy.
 */
export async function preloadGuestScreen(pathname: string): Promise<void> {
  const route = appRoutes.find((candidate) => candidate.guestOnly && candidate.path === pathname);
  if (!route || screens.has(route.path)) return;
  try {
    const module = await route.load();
    screens.set(route.path, module.default);
  } catch {
    // Left to the lazy screen, which shows the route error if the chunk cannot be fetched.
  }
}

/** Applies the access rules to one route, then loads its screen on demand. */
function Guarded({ route }: { route: AppRoute }) {
  const { status, roles } = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const decision = decideAccess(route, { signedIn: status === 'signedIn', roles }, here, peekRedirect());
  if (decision.kind === 'redirect') {
    if (decision.remember) rememberRedirect(decision.remember);
    if (decision.consumeRedirect) takeRedirect();
    return <Navigate to={decision.to} replace />;
  }
  const Screen = screenOf(route);
  return (
    <Suspense fallback={<ScreenLoader />}>
      <Screen />
    </Suspense>
  );
}

/** /: landing per role. */
function Landing() {
  const { roles } = useAuth();
  const to = landingFor(roles);
  if (to) return <Navigate to={to} replace />;
  return (
    <Suspense fallback={<ScreenLoader />}>
      <HomeScreen pages={flattenNavigation(filterNavigation(navigation, roles))} />
    </Suspense>
  );
}

/** Waits for the automatic sign-in before any route decides anything. */
function Root() {
  const { status } = useAuth();
  useEffect(dropPrerenderedStyles, []);
  if (status === 'checking') return <SplashScreen />;
  return <Outlet />;
}

function Shell() {
  return (
    <Suspense fallback={<SplashScreen />}>
      <ShellGate />
    </Suspense>
  );
}

const toRoute = (route: AppRoute): RouteObject => ({ path: route.path, caseSensitive: true, element: <Guarded route={route} /> });

const routeObjects: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      ...appRoutes.filter((route) => route.layout === 'bare').map(toRoute),
      {
        element: <Shell />,
        children: [{ index: true, element: <Landing /> }, ...appRoutes.filter((route) => route.layout === 'shell').map(toRoute)],
      },
      { path: '*', element: <Navigate to="/error404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
