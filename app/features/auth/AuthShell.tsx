import type { ReactNode } from 'react';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/lib/router';
import { cn } from '@/lib/utils';

const TONES = {
  primary: 'bg-primary/15 text-primary',
  destructive: 'bg-destructive/15 text-destructive',
  muted: 'bg-muted text-muted-foreground',
} as const;

/** The head of an AuthShell card: the page's icon in a tile, its title (the h1), a line under. */
export function AuthCardHeader({
  icon,
  title,
  description,
  tone = 'primary',
}: {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  tone?: keyof typeof TONES;
}) {
  return (
    <CardHeader className="items-center text-center">
      <span
        className={cn(
          'mb-2 grid size-12 place-items-center rounded-2xl [&_svg]:size-6',
          TONES[tone],
        )}
      >
        {icon}
      </span>
      <CardTitle as="h1" className="text-2xl">
        {title}
      </CardTitle>
      {description && <CardDescription>{description}</CardDescription>}
    </CardHeader>
  );
}

/** The frame of the sign-in, sign-up and password reset pages: one centred card. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      {/* A soft glow behind the card; decoration only. */}
      <div
        aria-hidden
        className="pointer-events-none absolute top-[-12rem] left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl"
      />
      <header className="border-b border-border/60 bg-background/70 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 justify-center px-4 py-10 sm:items-center sm:py-16">
        <div className="w-full max-w-md">{children}</div>
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-muted-foreground">
        <nav aria-label="Legal" className="flex justify-center gap-4">
          <Link to="/terms" className="rounded-sm hover:text-foreground hover:underline">
            Terms
          </Link>
          <Link to="/privacy" className="rounded-sm hover:text-foreground hover:underline">
            Privacy
          </Link>
        </nav>
      </footer>
    </div>
  );
}
