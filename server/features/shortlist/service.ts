import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createFlightBody } from '../../../shared/contracts/flights';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import {
  type ChooseShortlist,
  type CreateShortlistOption,
  MAX_SHORTLIST_PER_TRIP,
  SHORTLIST_MESSAGES,
  type ShortlistOption,
  type Vote,
} from '../../../shared/contracts/shortlist';
import { canChangeItem, type TripViewer } from '../../../shared/itemPolicy';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { isUuid } from '../../platform/uuid';
import { recordActivity } from '../activity/record';
import { createFlight } from '../flights/service';
import { type ChangeContext, inTransaction } from '../live';
import { isTripMember, memberName } from '../trips/access';
import { assertRoomFor, deleteTripItem, idTaken, isRepeatedCreate } from '../trips/items';
import { type PreviewOptions, readLinkPreview } from './linkPreview';
import { buildOption } from './optionSource';
import { shortlistOptions, shortlistVotes } from './tables';

type OptionRow = typeof shortlistOptions.$inferSelect;
type Person = { id: string; name: string };
type NameColumns = { username: string; firstName: string | null; lastName: string | null };

const adder = alias(users, 'adder');
const chooser = alias(users, 'chooser');

const personOf = (id: string | null, user: NameColumns | null): Person | null =>
  id && user?.username ? { id, name: memberName(user) } : null;

const nameColumns = <U, F, L>(table: { username: U; firstName: F; lastName: L }) => ({
  username: table.username,
  firstName: table.firstName,
  lastName: table.lastName,
});

async function readOptions(db: Db, where: ReturnType<typeof eq>): Promise<ShortlistOption[]> {
  const rows = await db
    .select({ option: shortlistOptions, adder: nameColumns(adder), chooser: nameColumns(chooser) })
    .from(shortlistOptions)
    .leftJoin(adder, eq(adder.id, shortlistOptions.createdBy))
    .leftJoin(chooser, eq(chooser.id, shortlistOptions.chosenBy))
    .where(where)
    .orderBy(asc(shortlistOptions.createdAt), asc(shortlistOptions.id));
  const ids = rows.map(({ option }) => option.id);
  const votes = ids.length
    ? await db
        .select({
          optionId: shortlistVotes.optionId,
          userId: shortlistVotes.userId,
          vote: shortlistVotes.vote,
          ...nameColumns(users),
        })
        .from(shortlistVotes)
        .innerJoin(users, eq(users.id, shortlistVotes.userId))
        .where(inArray(shortlistVotes.optionId, ids))
        .orderBy(asc(shortlistVotes.createdAt), asc(shortlistVotes.userId))
    : [];
  return rows.map(({ option, adder, chooser }) => {
    const mine = votes.filter((vote) => vote.optionId === option.id);
    const named = (kind: Vote) =>
      mine
        .filter((vote) => vote.vote === kind)
        .map((vote) => ({ id: vote.userId, name: memberName(vote) }));
    return {
      id: option.id,
      tripId: option.tripId,
      kind: option.kind,
      source: option.sourceKey,
      title: option.title,
      detail: option.detail,
      partner: option.partner,
      imageUrl: option.imageUrl,
      price: option.price,
      bookUrl: option.bookUrl,
      slices: option.slices,
      votes: { yes: named('yes'), no: named('no') },
      chosenAt: option.chosenAt?.toISOString() ?? null,
      chosenBy: personOf(option.chosenBy, chooser),
      addedBy: personOf(option.createdBy, adder),
      createdAt: option.createdAt.toISOString(),
    };
  });
}

/** The trip's shortlist, oldest first, so options keep their places while the group votes. */
export function listShortlist(db: Db, tripId: string) {
  return readOptions(db, eq(shortlistOptions.tripId, tripId));
}

async function readOption(db: Db, id: string) {
  const [option] = await readOptions(db, eq(shortlistOptions.id, id));
  if (!option) throw new HttpError('not_found', SHORTLIST_MESSAGES.notFound);
  return option;
}

async function announce({ db, live }: ChangeContext, id: string) {
  const option = await readOption(db, id);
  live.tripChanged(option.tripId, itemSaved('shortlist', option));
  return option;
}

/**
 * Adds an option to the trip's shortlist (the caller has checked membership). The same `id` sent
 * again answers the option it made, without building it again (a pasted page is not read twice).
 */
export async function createShortlistOption(
  context: ChangeContext,
  tripId: string,
  userId: string,
  body: CreateShortlistOption,
  previewOptions: PreviewOptions = {},
): Promise<ShortlistOption> {
  const { id } = body;
  if (id && (await isRepeatedCreate(context.db, shortlistOptions, tripId, id, userId))) {
    return readOption(context.db, id);
  }
  const values = await buildOption(context.db, tripId, body, (url) =>
    readLinkPreview(url, previewOptions),
  );
  const limit = { max: MAX_SHORTLIST_PER_TRIP, message: SHORTLIST_MESSAGES.tooMany };
  // The trip's row is locked while it counts: the same option added twice at once is added once.
  return inTransaction(context, async (change) => {
    const tx = change.db;
    // Sent twice at once: the second finds the first's option once the first has committed.
    if (id && (await isRepeatedCreate(tx, shortlistOptions, tripId, id, userId))) {
      return readOption(tx, id);
    }
    await assertRoomFor(tx, shortlistOptions, tripId, limit);
    const [taken] = await tx
      .select({ id: shortlistOptions.id })
      .from(shortlistOptions)
      .where(
        and(eq(shortlistOptions.tripId, tripId), eq(shortlistOptions.sourceKey, values.sourceKey)),
      );
    if (taken) throw new HttpError('already_shortlisted', SHORTLIST_MESSAGES.duplicate);
    const [inserted] = await tx
      .insert(shortlistOptions)
      .values({ ...values, id, tripId, createdBy: userId })
      .onConflictDoNothing({ target: shortlistOptions.id })
      .returning({ id: shortlistOptions.id });
    if (!inserted) throw idTaken();
    await recordActivity(tx, tripId, userId, {
      kind: 'option.added',
      subjectId: inserted.id,
      data: { label: values.title },
    });
    return announce(change, inserted.id);
  });
}

async function optionOf(db: Db, tripId: string, id: string): Promise<OptionRow> {
  const [row] = await db
    .select()
    .from(shortlistOptions)
    .where(and(eq(shortlistOptions.id, id), eq(shortlistOptions.tripId, tripId)));
  if (!row) throw new HttpError('not_found', SHORTLIST_MESSAGES.notFound);
  return row;
}

/** The caller's yes or no (null takes it back). */
export async function voteOnOption(
  context: ChangeContext,
  tripId: string,
  userId: string,
  id: string,
  vote: Vote | null,
): Promise<ShortlistOption> {
  const option = await optionOf(context.db, tripId, id);
  return inTransaction(context, async (change) => {
    const tx = change.db;
    if (vote === null) {
      await tx
        .delete(shortlistVotes)
        .where(and(eq(shortlistVotes.optionId, id), eq(shortlistVotes.userId, userId)));
    } else {
      await tx
        .insert(shortlistVotes)
        .values({ optionId: id, userId, vote })
        .onConflictDoUpdate({
          target: [shortlistVotes.optionId, shortlistVotes.userId],
          set: { vote },
        });
      await recordActivity(tx, tripId, userId, {
        kind: 'option.voted',
        subjectId: id,
        data: { label: option.title, detail: vote },
      });
    }
    return announce(change, id);
  });
}

/** A record in Flight Details for each leg, for each traveller (null: the whole group). */
async function addChosenFlights(
  context: ChangeContext,
  tripId: string,
  slices: NonNullable<OptionRow['slices']>,
  travellers: (string | null)[],
) {
  for (const travellerId of travellers) {
    for (const slice of slices) {
      await createFlight(
        context,
        tripId,
        createFlightBody.parse({
          flightNumber: slice.flightNumbers[0],
          departureAirport: slice.origin,
          departureTime: slice.departAt,
          arrivalAirport: slice.destination,
          arrivalTime: slice.arriveAt,
          stops: slice.stops,
          travellerId,
        }),
      );
    }
  }
}

/**
 * Marks the option chosen (or not): the owner's call, or anyone's when the trip says so. A chosen priced flight becomes records in
 * Flight Details: one a leg, for each traveller picked, or for the whole group when none is.
 * Unmarking leaves those records: they are the trip's flights now, edited there.
 */
export async function chooseOption(
  context: ChangeContext,
  tripId: string,
  actor: TripViewer & { anyoneChooses: boolean },
  id: string,
  { chosen, travellerIds }: ChooseShortlist,
): Promise<ShortlistOption> {
  if (actor.role !== 'owner' && !actor.anyoneChooses) {
    throw new HttpError('owner_only', SHORTLIST_MESSAGES.ownerChooses);
  }
  const row = await optionOf(context.db, tripId, id);
  const travellers = travellerIds?.length ? [...new Set(travellerIds)] : [null];
  if (chosen && !row.chosenAt) {
    // All checked before any is written, so a wrong one adds nothing.
    for (const travellerId of travellers) {
      if (
        travellerId &&
        !(isUuid(travellerId) && (await isTripMember(context.db, tripId, travellerId)))
      ) {
        throw new HttpError('not_a_member', SHORTLIST_MESSAGES.travellers);
      }
    }
  }
  return inTransaction(context, async (change) => {
    const tx = change.db;
    if (chosen && !row.chosenAt) {
      // Claimed first, where it is still unchosen: two members choosing it at once add its
      // flights once. The flights commit with it or not at all (the trip's flights are full,
      // say): the option is never left chosen without them, nor the history saying it was.
      const [won] = await tx
        .update(shortlistOptions)
        .set({ chosenAt: new Date(), chosenBy: actor.userId })
        .where(and(eq(shortlistOptions.id, id), isNull(shortlistOptions.chosenAt)))
        .returning({ id: shortlistOptions.id });
      if (won) {
        await recordActivity(tx, tripId, actor.userId, {
          kind: 'option.chosen',
          subjectId: id,
          data: { label: row.title },
        });
        if (row.slices) await addChosenFlights(change, tripId, row.slices, travellers);
      }
    } else if (!chosen && row.chosenAt) {
      await tx
        .update(shortlistOptions)
        .set({ chosenAt: null, chosenBy: null })
        .where(eq(shortlistOptions.id, id));
    }
    return announce(change, id);
  });
}

/** Who added it, or the owner, takes it off the shortlist. */
export async function removeOption(
  context: ChangeContext,
  tripId: string,
  actor: TripViewer,
  id: string,
) {
  const row = await optionOf(context.db, tripId, id);
  if (!canChangeItem({ creatorId: row.createdBy }, actor)) {
    throw new HttpError('creator_only', SHORTLIST_MESSAGES.creatorOnly);
  }
  await inTransaction(context, async ({ db: tx, live }) => {
    await deleteTripItem(tx, shortlistOptions, tripId, id, SHORTLIST_MESSAGES.notFound, {
      actorId: actor.userId,
      describe: (removed) => ({
        kind: 'option.removed',
        subjectId: id,
        data: { label: removed.title },
      }),
    });
    live.tripChanged(tripId, itemRemoved('shortlist', id));
  });
}
