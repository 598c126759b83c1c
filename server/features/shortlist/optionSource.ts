import { formatMonthDay } from '../../../shared/calendar';
import {
  CABIN_LABELS,
  type FlightQuery,
  type FlightSearch,
  type PartnerLink,
  type StaySearch,
} from '../../../shared/contracts/search';
import {
  type CreateShortlistOption,
  SHORTLIST_MESSAGES,
} from '../../../shared/contracts/shortlist';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { listSearches } from '../search/service';
import { type LinkPreview, PreviewError } from './linkPreview';
import type { shortlistOptions } from './tables';

/*
 * Where a shortlisted option comes from: one of the trip's own searches (a Duffel offer or a
 * partner's link, read back from what the server stored, never from the client) or a pasted
 * link's page preview. The option's title and detail line are written here.
 */

function flightDetail(query: FlightQuery) {
  const dates = query.returnDate
    ? `${formatMonthDay(query.departDate)} – ${formatMonthDay(query.returnDate)}`
    : `${formatMonthDay(query.departDate)}, one way`;
  const people = `${query.travellers} ${query.travellers === 1 ? 'traveller' : 'travellers'}`;
  return `${dates} · ${people} · ${CABIN_LABELS[query.cabin]}`;
}

function stayDetail(query: StaySearch['query']) {
  const guests = `${query.guests} ${query.guests === 1 ? 'guest' : 'guests'}`;
  return `${formatMonthDay(query.checkIn)} – ${formatMonthDay(query.checkOut)} · ${guests}`;
}

export type NewOption = Omit<typeof shortlistOptions.$inferInsert, 'tripId' | 'createdBy'>;

/** What the option is, built from the server's own search answers or the page's preview. */
export async function buildOption(
  db: Db,
  tripId: string,
  body: CreateShortlistOption,
  preview: (url: string) => Promise<LinkPreview>,
): Promise<NewOption> {
  if (body.source === 'link') {
    let page: LinkPreview;
    try {
      page = await preview(body.url);
    } catch (error) {
      if (!(error instanceof PreviewError)) throw error;
      throw error.reason === 'refused'
        ? new HttpError('link_refused', SHORTLIST_MESSAGES.linkRefused)
        : new HttpError('link_unreadable', SHORTLIST_MESSAGES.linkUnreadable);
    }
    return {
      kind: body.kind,
      sourceKey: `link:${new URL(body.url).toString()}`,
      title: page.title ?? page.site,
      detail: page.description,
      partner: page.site,
      imageUrl: page.imageUrl,
      price: page.price,
      bookUrl: page.url,
      slices: null,
    };
  }
  const searches = await listSearches(db, tripId);
  if (body.source === 'offer') {
    const search: FlightSearch | null = searches.flights;
    const offer = search?.offers.find((candidate) => candidate.id === body.offerId);
    if (!search || !offer) throw new HttpError('not_found', SHORTLIST_MESSAGES.offerGone);
    const [out] = offer.slices;
    const stops = offer.slices.map((slice) => slice.stops);
    return {
      kind: 'flight',
      sourceKey: `offer:${offer.id}`,
      title: `${offer.carrier}: ${out!.origin} → ${out!.destination}${offer.slices.length > 1 ? ' and back' : ''}`,
      detail: `${flightDetail(search.query)} · ${stops.every((n) => n === 0) ? 'direct' : `${Math.max(...stops)} stop${Math.max(...stops) === 1 ? '' : 's'}`}`,
      partner: search.links[0]?.partner ?? 'Skyscanner',
      imageUrl: null,
      price: offer.price,
      bookUrl: offer.bookUrl,
      slices: offer.slices,
    };
  }
  const search = body.kind === 'flight' ? searches.flights : searches.stays;
  const link: PartnerLink | undefined = search?.links.find((l) => l.partner === body.partner);
  if (!search || !link) throw new HttpError('not_found', SHORTLIST_MESSAGES.partnerGone);
  return search.kind === 'flights'
    ? {
        kind: 'flight',
        sourceKey: `partner:${link.url}`,
        title: `${search.query.origin} → ${search.query.destination} on ${link.partner}`,
        detail: flightDetail(search.query),
        partner: link.partner,
        imageUrl: null,
        price: null,
        bookUrl: link.url,
        slices: null,
      }
    : {
        kind: 'stay',
        sourceKey: `partner:${link.url}`,
        title: `${search.query.destination} on ${link.partner}`,
        detail: stayDetail(search.query),
        partner: link.partner,
        imageUrl: null,
        price: null,
        bookUrl: link.url,
        slices: null,
      };
}
