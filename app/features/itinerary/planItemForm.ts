import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import {
  type CreateItineraryItem,
  type CreateItineraryItemBody,
  createItineraryItemBody,
  ITINERARY_KINDS,
  ITINERARY_MESSAGES,
  type ItineraryItem,
  type ItineraryKind,
  type UpdateItineraryItemBody,
} from '../../../shared/contracts/itinerary';
import type { TripMember } from '../../../shared/contracts/trips';

/*
 * The item form's values and what is made of them: the schema the form is checked with (the
 * shared contract's, so its rules and words are the server's), and an edit's changes. Pure, so the
 * dialog holds only the form.
 */

/**
 * The contract's words are for a list sent wrong; a person here has chosen "Some of us" and ticked
 * nobody (an empty list, which the contract refuses).
 */
export const CHOOSE_GOERS = 'Choose at least one person, or Everyone';

/**
 * The form as typed: every input's text ('' for none), and who goes as "everyone" or "some" with
 * the members ticked. Names follow the contract, so each message lands on its field. Checked by
 * the contract alone (a check here would hide its messages until this one passed).
 */
const planItemShape = z.object({
  title: z.string(),
  kind: z.enum(ITINERARY_KINDS),
  /** A trip day, or '' for the ideas. */
  day: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  place: z.object({ name: z.string() }),
  link: z.string(),
  notes: z.string(),
  cost: z.object({ amount: z.string(), currency: z.string() }),
  who: z.enum(['everyone', 'some']),
  goers: z.array(z.string()),
});
export type PlanItemValues = z.infer<typeof planItemShape>;

/** An `<input type="time">` value as the contract's `HH:MM` (a browser may add seconds). */
const timeOf = (value: string) => (value ? value.slice(0, 5) : null);

/** The form checked as the shared `POST` contract, whose rules and messages these are. */
export const planItemForm = planItemShape
  .transform(
    (values): CreateItineraryItemBody => ({
      title: values.title,
      kind: values.kind,
      day: values.day || null,
      startTime: timeOf(values.startTime),
      endTime: timeOf(values.endTime),
      place: values.place.name.trim() ? { name: values.place.name } : null,
      link: values.link,
      notes: values.notes.trim() ? values.notes : null,
      // A blank amount is no estimate, whatever the currency says; one typed needs its currency.
      cost:
        values.cost.amount.trim() === ''
          ? null
          : { amount: Number(values.cost.amount), currency: values.cost.currency.trim() },
      goers: values.who === 'everyone' ? null : values.goers,
    }),
  )
  .pipe(createItineraryItemBody);

/** A new item's form (on `day`, or an idea), or an item's as it is. */
export function initialValues(
  item: ItineraryItem | null,
  {
    day = null,
    kind = 'activity',
    currency = '',
  }: { day?: string | null; kind?: ItineraryKind; currency?: string } = {},
): PlanItemValues {
  return {
    title: item?.title ?? '',
    kind: item?.kind ?? kind,
    day: (item ? item.day : day) ?? '',
    startTime: item?.startTime ?? '',
    endTime: item?.endTime ?? '',
    place: { name: item?.place?.name ?? '' },
    link: item?.link ?? '',
    notes: item?.notes ?? '',
    cost: {
      amount: item?.cost ? String(item.cost.amount) : '',
      currency: item?.cost?.currency ?? currency,
    },
    who: item?.goers ? 'some' : 'everyone',
    goers: item?.goers?.map((goer) => goer.id) ?? [],
  };
}

const sameIds = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null
    ? a === b
    : a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Only what differs from the item, so a field nobody touched is not sent (a place found by the
 * geocoder keeps its address and coordinates while its name stays).
 */
export function changesFrom(
  item: ItineraryItem,
  next: CreateItineraryItem,
): UpdateItineraryItemBody {
  const changes: UpdateItineraryItemBody = {};
  if (next.kind !== item.kind) changes.kind = next.kind;
  if (next.title !== item.title) changes.title = next.title;
  if (next.day !== item.day) changes.day = next.day;
  if (next.startTime !== item.startTime) changes.startTime = next.startTime;
  if (next.endTime !== item.endTime) changes.endTime = next.endTime;
  if ((next.place?.name ?? null) !== (item.place?.name ?? null)) changes.place = next.place;
  if (next.link !== item.link) changes.link = next.link;
  if (next.notes !== item.notes) changes.notes = next.notes;
  if (next.cost?.amount !== item.cost?.amount || next.cost?.currency !== item.cost?.currency) {
    changes.cost = next.cost;
  }
  const goers = item.goers?.map((goer) => goer.id) ?? null;
  if (!sameIds(next.goers, goers)) changes.goers = next.goers;
  return changes;
}

/** The fields in the order they are laid out, so focus goes to the first one with a problem. */
export const FIELD_ORDER = [
  'title',
  'kind',
  'day',
  'startTime',
  'endTime',
  'place',
  'link',
  'cost',
  'goers',
  'notes',
] as const;
export type FieldName = (typeof FIELD_ORDER)[number];

/** The message of a field, nested ones (`place.name`, `cost.amount`) included. */
export function messageOf(
  errors: FieldErrors<PlanItemValues>,
  name: FieldName,
): string | undefined {
  if (name === 'goers' && errors.goers?.message === ITINERARY_MESSAGES.goers) return CHOOSE_GOERS;
  const error = errors[name] as
    | { message?: string; [part: string]: { message?: string } | string | undefined }
    | undefined;
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && typeof value.message === 'string') {
      return value.message;
    }
  }
  return undefined;
}

/**
 * What the item looks like once changed, from the changes as the form made them: shown before
 * the server answers (goers get their names from the members list).
 */
export function previewOf(
  changes: ReturnType<typeof changesFrom>,
  item: ItineraryItem,
  members: TripMember[] | undefined,
): Partial<ItineraryItem> {
  const { goers, place, link, ...rest } = changes;
  const preview: Partial<ItineraryItem> = { ...rest } as Partial<ItineraryItem>;
  if (place !== undefined) preview.place = place && { name: place.name };
  if (link !== undefined) preview.link = link || null;
  if (goers !== undefined) {
    preview.goers =
      goers?.map((id) => {
        const known =
          members?.find((member) => member.id === id) ?? item.goers?.find((goer) => goer.id === id);
        return { id, name: known?.name ?? '' };
      }) ?? null;
  }
  return preview;
}
