import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/Spinner';
import { useAuth } from '@/features/auth/useAuth';
import LandingPage from '@/pages/LandingPage';

// Every page but the landing page loads on demand, so a first visit downloads only what `/` needs.
const DashboardPage = lazy(() => import('@/pages/DashboardPage'));
const AuthPage = lazy(() => import('@/pages/AuthPage'));
const LogoutPage = lazy(() => import('@/pages/LogoutPage'));
const ForgotPasswordPage = lazy(() => import('@/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/pages/ResetPasswordPage'));
const ProfilePage = lazy(() => import('@/pages/ProfilePage'));
const SecurityPage = lazy(() => import('@/pages/SecurityPage'));
const JoinPage = lazy(() => import('@/pages/JoinPage'));
const MagicLinkPage = lazy(() => import('@/pages/MagicLinkPage'));
const ConfirmEmailPage = lazy(() => import('@/pages/ConfirmEmailPage'));
const DeleteAccountPage = lazy(() => import('@/pages/DeleteAccountPage'));
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

function HomePage() {
  const { user } = useAuth();
  const { hash } = useLocation();
  // A link to the plans (`/#pricing`, from the upgrade notes) shows the public page signed in too.
  return user && hash !== '#pricing' ? <DashboardPage /> : <LandingPage />;
}

/** The route table of spec §2. Until the current user is known, a spinner replaces it. */
export function AppRoutes() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullScreenSpinner />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/delete-account" element={<DeleteAccountPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="/join/:code" element={<JoinPage />} />
        <Route path="/magic/:token" element={<MagicLinkPage />} />
        <Route path="/admin/waitlist" element={<AdminWaitlistPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/cookies" element={<CookiesPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/careers" element={<CareersPage />} />
        <Route path="/blog" element={<BlogPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/press" element={<PressPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
