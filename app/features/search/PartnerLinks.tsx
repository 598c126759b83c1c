import { ExternalLink, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCreateShortlistOption } from '@/features/shortlist/useShortlist';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import type { PartnerLink } from '../../../shared/contracts/search';
import type { ShortlistKind } from '../../../shared/contracts/shortlist';

/**
 * The partners' own searches for the trip's query, each opening prefilled in a new tab (bookings
 * happen there), and each one shortlistable so the group can vote on "this search on KAYAK".
 */
export function PartnerLinks({
  tripId,
  kind,
  links,
  shortlisted,
}: {
  tripId: string;
  kind: ShortlistKind;
  links: PartnerLink[];
  /** The sources of what is on the shortlist (`partner:<url>` for a partner's search). */
  shortlisted: Set<string>;
}) {
  const add = useCreateShortlistOption(tripId);
  return (
    <ul aria-label="Partner searches" className="grid gap-1.5">
      {links.map((link) => (
        <li
          key={link.partner}
          className="flex items-center gap-2 rounded-md border border-border bg-background/60 px-2.5 py-1.5 text-sm"
        >
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer sponsored"
            className="inline-flex min-w-0 flex-1 items-center gap-1.5 font-medium text-primary underline-offset-2 hover:underline"
          >
            Search on {link.partner}
            <ExternalLink aria-hidden className="size-3.5 shrink-0" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            disabled={shortlisted.has(`partner:${link.url}`) || add.isPending}
            aria-label={`Shortlist the ${link.partner} search`}
            onClick={() =>
              add.mutate(
                { source: 'partner', kind, partner: link.partner },
                {
                  onError: (failure) =>
                    toast({
                      title: 'Could not shortlist it',
                      description: errorMessage(failure, 'Please try again.'),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            <Plus aria-hidden className="size-3.5" />
            {shortlisted.has(`partner:${link.url}`) ? 'Shortlisted' : 'Shortlist'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
