import { Logo } from '@/components/Logo';
import { SignInRequired } from '@/components/SignInRequired';
import { ThemeToggle } from '@/components/ThemeToggle';
import { AccountMenu } from '@/features/account/AccountMenu';
import { useAuth } from '@/features/auth/useAuth';
import { usePageMeta } from '@/lib/pageMeta';

/**
 * `/dashboard`, and `/` when signed in (spec §2 Trip dashboard). The trip board arrives with the
 * trips issue; until then the top bar carries the account menu, the way to profile, security,
 * the admin screen and logging out.
 */
export default function DashboardPage() {
  usePageMeta('Dashboard', 'Your trips on Tripmates.');
  const { user } = useAuth();
  if (!user) {
    return (
      <SignInRequired title="Sign In Required" message="Please sign in to access the dashboard" />
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border/60 bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <AccountMenu user={user} />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-3 text-muted-foreground">
          Welcome, {user.firstName || user.username}. Your trip board is on its way.
        </p>
      </main>
    </div>
  );
}
