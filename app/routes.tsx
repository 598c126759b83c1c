import { lazy, type ReactNode, Suspense } from 'react';
import { FullScreenSpinner } from '@/components/Spinner';
import { useAuth } from '@/features/auth/useAuth';
import { Route, Switch } from '@/lib/router';
import LandingPage from '@/pages/LandingPage';
import { CLIENT_ROUTES, type ClientRoute } from '../shared/clientRoutes';

// Every page but the landing page loads on demand, so a first visit downloads only what `/` needs.
const DashboardPage = lazy(() => import('@/pages/DashboardPage'));
const AuthPage = lazy(() => import('@/pages/AuthPage'));
const LogoutPage = lazy(() => import('@/pages/LogoutPage'));
const ForgotPasswordPage = lazy(() => import('@/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/pages/ResetPasswordPage'));
const ProfilePage = lazy(() => import('@/pages/ProfilePage'));
const SecurityPage = lazy(() => import('@/pages/SecurityPage'));
const PlansPage = lazy(() => import('@/pages/PlansPage'));
const JoinPage = lazy(() => import('@/pages/JoinPage'));
const MagicLinkPage = lazy(() => import('@/pages/MagicLinkPage'));
const ConfirmEmailPage = lazy(() => import('@/pages/ConfirmEmailPage'));
const DeleteAccountPage = lazy(() => import('@/pages/DeleteAccountPage'));
const UnsubscribePage = lazy(() => import('@/pages/UnsubscribePage'));
const AdminWaitlistPage = lazy(() => import('@/pages/AdminWaitlistPage'));
const PrivacyPage = lazy(() => import('@/pages/PrivacyPage'));
const TermsPage = lazy(() => import('@/pages/TermsPage'));
const CookiesPage = lazy(() => import('@/pages/CookiesPage'));
const HelpPage = lazy(() => import('@/pages/HelpPage'));
const CareersPage = lazy(() => import('@/pages/CareersPage'));
const BlogPage = lazy(() => import('@/pages/BlogPage'));
const AboutPage = lazy(() => import('@/pages/AboutPage'));
const PressPage = lazy(() => import('@/pages/PressPage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));

/**
 * The dashboard at each of its addresses; `/` is the landing page to a signed-out visitor (who
 * gets the dashboard's sign-in card at the others).
 */
function Dashboard({ home = false }: { home?: boolean }) {
  const { user } = useAuth();
  return home && !user ? <LandingPage /> : <DashboardPage />;
}

// The dashboard's addresses are one page (the Route key): choosing a trip moves from one to
// another and keeps it mounted, with its live connection and the focus, instead of starting anew.
const DASHBOARD_PATHS: readonly ClientRoute[] = [
  '/',
  '/dashboard',
  '/trips/:tripId',
  '/trips/:tripId/:panel',
];
const pageKey = (path: ClientRoute) => (DASHBOARD_PATHS.includes(path) ? 'dashboard' : path);

/**
 * The page of each client route (spec §2). Typed by the shared list, which the server answers
 * 200 for: a route added here without it, or there without a page here, does not compile.
 */
const PAGES: Record<ClientRoute, ReactNode> = {
  '/': <Dashboard home />,
  '/auth': <AuthPage />,
  '/logout': <LogoutPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/confirm-email': <ConfirmEmailPage />,
  '/delete-account': <DeleteAccountPage />,
  '/unsubscribe': <UnsubscribePage />,
  '/dashboard': <Dashboard />,
  '/trips/:tripId': <Dashboard />,
  // No panel has a page of its own yet: until one does, a trip's panel address shows the trip.
  '/trips/:tripId/:panel': <Dashboard />,
  '/profile': <ProfilePage />,
  '/security': <SecurityPage />,
  '/plans': <PlansPage />,
  '/join/:code': <JoinPage />,
  '/magic/:token': <MagicLinkPage />,
  '/admin/waitlist': <AdminWaitlistPage />,
  '/privacy': <PrivacyPage />,
  '/terms': <TermsPage />,
  '/cookies': <CookiesPage />,
  '/help': <HelpPage />,
  '/careers': <CareersPage />,
  '/blog': <BlogPage />,
  '/about': <AboutPage />,
  '/press': <PressPage />,
};

/** The route table of spec §2. Until the current user is known, a spinner replaces it. */
export function AppRoutes() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullScreenSpinner />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Switch>
        {CLIENT_ROUTES.map((path) => (
          <Route key={pageKey(path)} path={path}>
            {PAGES[path]}
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
