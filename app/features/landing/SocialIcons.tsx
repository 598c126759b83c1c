import type { SVGProps } from 'react';

/*
 * Outline marks of the four networks, in the style of the app's other (Lucide) icons. Lucide no
 * longer ships brand icons; these paths follow the ones it used to (ISC licence).
 */

function Outline({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {children}
    </svg>
  );
}

export function FacebookIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Outline {...props}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Outline>
  );
}

export function InstagramIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Outline {...props}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <path d="M17.5 6.5h.01" />
    </Outline>
  );
}

export function LinkedInIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Outline {...props}>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </Outline>
  );
}

export function TwitterIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Outline {...props}>
      <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
    </Outline>
  );
}

// spec §2: the landing page (footer) and the About page link to these four networks.
export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/tripmates', Icon: FacebookIcon },
  { label: 'Instagram', href: 'https://www.instagram.com/tripmates', Icon: InstagramIcon },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/tripmates', Icon: LinkedInIcon },
  { label: 'Twitter', href: 'https://x.com/tripmates', Icon: TwitterIcon },
] as const;
