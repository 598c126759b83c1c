import type { ComponentProps, ReactNode } from 'react';
import { useSiteConfig } from '@/features/site/useSiteConfig';
import { cn } from '@/lib/utils';
import type { SiteContacts } from '../../../shared/contracts/site';
import { INLINE_LINK } from './linkStyles';

export type ContactKind = keyof SiteContacts;

function mailtoHref(address: string, subject?: string) {
  return `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

/**
 * A mailto link to one of the configured contact addresses (spec §2: `{email}` comes from the
 * server's SUPPORT_EMAIL, CAREERS_EMAIL, PRESS_EMAIL or BLOG_EMAIL). Without children it shows the
 * address itself. `className` replaces the inline-link look (pass `buttonVariants()` for a button).
 * Until the address is known it keeps its place: a muted bar of about an address's width, or the
 * same button, inert.
 */
export function ContactEmailLink({
  kind,
  subject,
  children,
  className,
  ...props
}: { kind: ContactKind; subject?: string; children?: ReactNode } & Omit<
  ComponentProps<'a'>,
  'href' | 'children'
>) {
  const { data, isError } = useSiteConfig();
  const address = data?.[kind];

  if (!address) {
    if (children) {
      return (
        <span aria-disabled="true" className={cn(className, 'pointer-events-none opacity-60')}>
          {children}
        </span>
      );
    }
    if (isError) return <span className="text-muted-foreground">(address unavailable)</span>;
    return (
      <span className="inline-block h-[1em] w-[20ch] max-w-full animate-pulse rounded bg-muted align-[-0.15em]">
        <span className="sr-only">Loading e-mail address</span>
      </span>
    );
  }

  return (
    <a href={mailtoHref(address, subject)} className={className ?? INLINE_LINK} {...props}>
      {children ?? address}
    </a>
  );
}
