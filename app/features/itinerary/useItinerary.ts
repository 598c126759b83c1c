import { mutationOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { toastFailure } from '@/hooks/useToast';
import { errorCode } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type {
  CreateItineraryItemBody,
  ItineraryItem,
  UpdateItineraryItemBody,
} from '../../../shared/contracts/itinerary';
import { randomUuid } from '../../../shared/ids';
import {
  itineraryKeys,
  removePlanItemFromCache,
  replacePlanItemInCache,
  savePlanItemInCache,
  updatePlan,
} from './itineraryCache';

const tripPlanUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/itinerary`;
const planItemUrl = (id: string) => `/api/itinerary/${encodeURIComponent(id)}`;

/** `GET /api/trips/:tripId/itinerary`: every item of the trip's plan. */
export function useItinerary(tripId: string) {
  return useQuery<ItineraryItem[]>({ queryKey: itineraryKeys.list(tripId) });
}

/** A new item as the request sends it: its trip, and the id chosen for it here. */
export type NewPlanItem = CreateItineraryItemBody & { tripId: string; id: string };

export type PlanItemEdit = {
  tripId: string;
  /** The item as it was when the change was made (what a failure puts back). */
  item: ItineraryItem;
  body: UpdateItineraryItemBody;
  /** What the item looks like once changed, shown at once (optimistic update). */
  preview: Partial<ItineraryItem>;
};

/** Changes of this item still waiting for the server (edits, moves, a delete), this one included. */
function pendingChanges(queryClient: QueryClient, id: string) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: ['itinerary'], status: 'pending' })
    .filter((mutation) => (mutation.state.variables as { item?: ItineraryItem })?.item?.id === id)
    .length;
}

function showPreview(client: QueryClient, { tripId, item, preview }: PlanItemEdit) {
  updatePlan(client, tripId, (items) =>
    items.map((current) => (current.id === item.id ? { ...current, ...preview } : current)),
  );
}

/** Only the fields this change touched go back: other changes made meanwhile stay. */
function putBack(client: QueryClient, { tripId, item, preview }: PlanItemEdit) {
  const before = Object.fromEntries(
    Object.keys(preview).map((key) => [key, item[key as keyof ItineraryItem]]),
  ) as Partial<ItineraryItem>;
  updatePlan(client, tripId, (items) =>
    items.map((current) => (current.id === item.id ? { ...current, ...before } : current)),
  );
}

function answered(client: QueryClient, tripId: string, saved: ItineraryItem) {
  // A newer change of this item (a second move) is on screen already; its answer follows.
  if (pendingChanges(client, saved.id) > 1) return;
  replacePlanItemInCache(client, tripId, saved);
}

/** The plan's writes (issue #37: registered by key, run again from their variables alone). */
export const itineraryMutations = {
  /**
   * `POST /api/trips/:tripId/itinerary`; the item from the answer joins the plan. Also Undo of a
   * delete: the same item under its own id, so its comments are its own again.
   */
  create: mutationOptions({
    mutationKey: ['itinerary', 'create'],
    mutationFn: ({ tripId, ...body }: NewPlanItem) =>
      apiJson<ItineraryItem>('POST', tripPlanUrl(tripId), body),
    onSuccess: (added, { tripId }, _context, { client }) =>
      savePlanItemInCache(client, tripId, added),
  }),

  /**
   * `PATCH /api/itinerary/:id` from the item's form: shown at once, the answer then replaces it;
   * a refusal puts back what it changed, and the form says why.
   */
  update: mutationOptions({
    mutationKey: ['itinerary', 'update'],
    mutationFn: ({ item, body }: PlanItemEdit) =>
      apiJson<ItineraryItem>('PATCH', planItemUrl(item.id), body),
    onMutate: async (edit, { client }) => {
      // A list request in flight would overwrite the preview with the old state.
      await client.cancelQueries({ queryKey: itineraryKeys.list(edit.tripId) });
      showPreview(client, edit);
    },
    onSuccess: (saved, { tripId }, _context, { client }) => answered(client, tripId, saved),
    onError: (_failure, edit, _context, { client }) => putBack(client, edit),
  }),

  /**
   * `PATCH /api/itinerary/:id` with `day` and `rank`: a drag or "Move to" puts the item in its new
   * place at once; a refusal puts it back and says why.
   */
  move: mutationOptions({
    mutationKey: ['itinerary', 'move'],
    mutationFn: ({ item, body }: PlanItemEdit) =>
      apiJson<ItineraryItem>('PATCH', planItemUrl(item.id), body),
    onMutate: async (edit, { client }) => {
      await client.cancelQueries({ queryKey: itineraryKeys.list(edit.tripId) });
      showPreview(client, edit);
    },
    onSuccess: (saved, { tripId }, _context, { client }) => answered(client, tripId, saved),
    onError: (failure, edit, _context, { client }) => {
      putBack(client, edit);
      toastFailure(`Could not move “${edit.item.title}”`)(failure);
    },
  }),

  /**
   * `DELETE /api/itinerary/:id`: gone at once; a refusal brings it back and says why. One another
   * member deleted first is gone either way.
   */
  delete: mutationOptions({
    mutationKey: ['itinerary', 'delete'],
    mutationFn: async ({ item }: { tripId: string; item: ItineraryItem }) => {
      await apiRequest('DELETE', planItemUrl(item.id));
    },
    onMutate: async ({ tripId, item }, { client }) => {
      await client.cancelQueries({ queryKey: itineraryKeys.list(tripId) });
      removePlanItemFromCache(client, tripId, item.id);
    },
    onError: (failure, { tripId, item }, _context, { client }) => {
      if (errorCode(failure) === 'not_found') return;
      savePlanItemInCache(client, tripId, item);
      toastFailure(`Could not remove “${item.title}”`)(failure);
    },
  }),
};

/**
 * Adds an item under an id chosen here (so that sending it again adds it once), or under its own
 * id when it is one brought back by Undo.
 */
export function useCreatePlanItem(tripId: string) {
  return useMutationWith(
    itineraryMutations.create,
    (body: CreateItineraryItemBody): NewPlanItem => ({
      ...body,
      tripId,
      id: body.id ?? randomUuid(),
    }),
  );
}

/** Changes an item from its form: `mutate({ item, body, preview })`. */
export function useUpdatePlanItem(tripId: string) {
  return useMutationWith(
    itineraryMutations.update,
    (change: Omit<PlanItemEdit, 'tripId'>): PlanItemEdit => ({ ...change, tripId }),
  );
}

/** Moves an item to a day (or the ideas) at a rank: `mutate({ item, day, rank })`. */
export function useMovePlanItem(tripId: string) {
  return useMutationWith(
    itineraryMutations.move,
    ({
      item,
      day,
      rank,
    }: {
      item: ItineraryItem;
      day: string | null;
      /** null: no key could be made here (a neighbour's is not readable); the server puts it last. */
      rank: string | null;
    }): PlanItemEdit => ({
      tripId,
      item,
      body: rank === null ? { day } : { day, rank },
      preview: rank === null ? { day } : { day, rank },
    }),
  );
}

/** Removes an item from the plan: `mutate(item)`. */
export function useDeletePlanItem(tripId: string) {
  return useMutationWith(itineraryMutations.delete, (item: ItineraryItem) => ({ tripId, item }));
}

/** The create body that brings a removed item back as it was (Undo). */
export function restoreBody(item: ItineraryItem): CreateItineraryItemBody {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    day: item.day,
    startTime: item.startTime,
    endTime: item.endTime,
    place: item.place,
    link: item.link,
    notes: item.notes,
    cost: item.cost,
    goers: item.goers?.map((goer) => goer.id) ?? null,
    rank: item.rank,
  };
}
