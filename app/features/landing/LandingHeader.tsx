import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/useAuth';
import { Link } from '@/lib/router';
import { headerInitials } from '../../../shared/initials';

// spec §2 Landing page: the header links to these sections.
export const SECTION_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#testimonials', label: 'Testimonials' },
  { href: '#contact', label: 'Contact' },
] as const;

const navLinkClass =
  'rounded-md px-1 py-1 text-foreground/80 transition-colors hover:text-foreground md:px-3 md:py-2';

/** The in-page links to the landing sections; the header shows them inline or, on phones, below. */
function SectionLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {SECTION_LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={navLinkClass}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The landing header, over the top of the hero: section links, the theme choice, and Sign In
 * (desktop) or Login (phone) — or, for a signed-in visitor, their initials.
 */
export function LandingHeader() {
  const { user } = useAuth();
  return (
    <header className="relative z-40 border-b border-border/50 bg-background/75 backdrop-blur-md md:sticky md:top-0">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 md:h-16">
        <Logo />
        <nav aria-label="Sections" className="hidden md:block">
          <SectionLinks className="flex items-center gap-1 text-sm font-medium" />
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {user ? (
            <Link
              to="/dashboard"
              title="Open your dashboard"
              className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground ring-2 ring-primary/30"
            >
              <span aria-hidden>{headerInitials(user)}</span>
              <span className="sr-only">Your dashboard</span>
            </Link>
          ) : (
            <>
              <Button asChild className="hidden md:inline-flex">
                <Link to="/auth">Sign In</Link>
              </Button>
              <Link
                to="/auth"
                className="rounded-md px-2 py-1.5 text-sm font-semibold text-foreground hover:bg-accent md:hidden"
              >
                Login
              </Link>
            </>
          )}
        </div>
      </div>
      <nav aria-label="Sections" className="border-t border-border/50 md:hidden">
        <SectionLinks className="flex h-10 items-center justify-between px-4 text-[13px] font-medium sm:justify-center sm:gap-6" />
      </nav>
    </header>
  );
}
