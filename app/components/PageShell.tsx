import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

type PageLink = { href: string; label: string };

/**
 * The frame of the simple pages: header with the logo and theme choice, a centred column.
 * `links` add more links beside the back link; `wide` lets the column use the full width (for
 * pages of cards rather than prose).
 */
export function PageShell({
  title,
  children,
  backTo = { href: '/', label: 'Back to Home' },
  links = [],
  wide = false,
}: {
  title: string;
  children?: ReactNode;
  backTo?: PageLink | null;
  links?: PageLink[];
  wide?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border/60 bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        <div className={wide ? undefined : 'max-w-3xl'}>
          {(backTo || links.length > 0) && (
            <nav
              aria-label="Page"
              className="mb-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground"
            >
              {backTo && (
                <Link
                  to={backTo.href}
                  className="inline-flex items-center gap-1.5 rounded-md hover:text-foreground"
                >
                  <ArrowLeft aria-hidden className="size-4" />
                  {backTo.label}
                </Link>
              )}
              {links.map((link) => (
                <Link key={link.href} to={link.href} className="rounded-md hover:text-foreground">
                  {link.label}
                </Link>
              ))}
            </nav>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
          {children && <div className="mt-6 space-y-4 text-muted-foreground">{children}</div>}
        </div>
      </main>
    </div>
  );
}
