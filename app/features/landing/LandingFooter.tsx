import { Logo } from '@/components/Logo';
import { NewsletterForm } from '@/features/waitlist/NewsletterForm';
import { Link } from '@/lib/router';
import { APP_NAME } from '../../../shared/constants';
import { SOCIAL_LINKS } from './SocialIcons';

// spec §2: the footer links, in two groups.
const LINK_GROUPS = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/blog', label: 'Blog' },
      { to: '/press', label: 'Press' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/cookies', label: 'Cookies Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
] as const;

export function LandingFooter() {
  return (
    <footer className="border-t border-border/60 bg-muted/30 px-4 pt-16 pb-10 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[1.2fr_1fr_1fr_1.6fr]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">
            The floating space where friends and families plan trips together, live.
          </p>
          <ul className="mt-6 flex gap-2">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  title={label}
                  className="flex size-10 items-center justify-center rounded-full border border-border text-muted-foreground transition-colors hover:border-primary/50 hover:text-foreground"
                >
                  <Icon className="size-[18px]" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid grid-cols-2 gap-8 lg:col-span-2">
          {LINK_GROUPS.map((group) => (
            <nav key={group.title} aria-labelledby={`footer-${group.title}`}>
              <h2 id={`footer-${group.title}`} className="text-sm font-semibold">
                {group.title}
              </h2>
              <ul className="mt-4 space-y-3 text-sm">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="rounded-sm text-muted-foreground transition-colors hover:text-foreground"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <NewsletterForm />
      </div>
      <p className="mx-auto mt-14 max-w-6xl border-t border-border/60 pt-8 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
