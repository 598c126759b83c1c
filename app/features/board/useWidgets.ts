import { mutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tripKeys } from '@/features/trips/tripKeys';
import { toast } from '@/hooks/useToast';
import { errorCode, errorMessage } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import {
  type ArrangeWidgetsBody,
  type CreateWidgetBody,
  type UpdateWidgetBody,
  type Widget,
  widgetIdFor,
} from '../../../shared/contracts/board';
import { removeWidgetFromCache, replaceWidgetInCache, saveWidgetInCache } from './widgetCache';

/** `GET /api/trips/:tripId/widgets`: the trip's board, the same for every member. */
export function useWidgets(tripId: string) {
  return useQuery<Widget[]>({ queryKey: tripKeys.widgets(tripId) });
}

/** A new widget as the request sends it: its trip, and the id chosen for it here (spec §4). */
export type NewWidget = CreateWidgetBody & { tripId: string; id: string };

/** Several widgets moved at once (Tidy up, and its Undo). */
export type WidgetArrangement = ArrangeWidgetsBody & { tripId: string };

/** A change to one widget, with the widget as it was (put back if the server refuses). */
export type WidgetEdit = {
  tripId: string;
  id: string;
  changes: UpdateWidgetBody;
  previous: Widget;
};

// Widget ids are the board's everywhere (spec §4's `<type><timestamp>`): one made in the same
// millisecond on another trip takes the next millisecond, as the server does with its own. Each
// try starts from the id in the variables, so a create sent again tries the same ids.
const ID_TRIES = 5;

async function postWidget({ tripId, id, ...body }: NewWidget): Promise<Widget> {
  const stamp = Number(id.slice(body.type.length));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiJson<Widget>('POST', `/api/trips/${encodeURIComponent(tripId)}/widgets`, {
        ...body,
        id: widgetIdFor(body.type, stamp + attempt),
      });
    } catch (failure) {
      if (errorCode(failure) !== 'id_taken' || attempt + 1 >= ID_TRIES) throw failure;
    }
  }
}

/** The board's writes (issue #37: registered by key, run again from their variables alone). */
export const widgetMutations = {
  /** `POST /api/trips/:tripId/widgets`; the new widget joins the cached board. */
  create: mutationOptions({
    mutationKey: ['board', 'create'],
    mutationFn: postWidget,
    onSuccess: (added, { tripId }, _context, { client }) =>
      saveWidgetInCache(client, tripId, added),
  }),

  /**
   * `PATCH /api/widgets/:id`: a move at the end of a drag, a rename, new settings. The change is
   * on the board already (useUpdateWidget); the widget goes back if the server refuses.
   */
  update: mutationOptions({
    mutationKey: ['board', 'update'],
    mutationFn: ({ id, changes }: WidgetEdit) =>
      apiJson<Widget>('PATCH', `/api/widgets/${encodeURIComponent(id)}`, changes),
    onError: (error, { tripId, previous }, _context, { client }) => {
      replaceWidgetInCache(client, tripId, previous);
      toast({
        variant: 'destructive',
        title: `Could not save ${previous.title}`,
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
    onSuccess: (saved, { tripId }, _context, { client }) =>
      replaceWidgetInCache(client, tripId, saved),
  }),

  /**
   * `PUT /api/trips/:tripId/widgets/arrangement`: all of them shown moved at once, all put back
   * if the server refuses.
   */
  arrange: mutationOptions({
    mutationKey: ['board', 'arrange'],
    mutationFn: ({ tripId, positions }: WidgetArrangement) =>
      apiJson<Widget[]>('PUT', `/api/trips/${encodeURIComponent(tripId)}/widgets/arrangement`, {
        positions,
      }),
    onMutate: async ({ tripId, positions }, { client }) => {
      const key = tripKeys.widgets(tripId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Widget[]>(key);
      const moved = new Map(positions.map(({ id, position }) => [id, position]));
      client.setQueryData<Widget[]>(key, (widgets) =>
        widgets?.map((widget) => {
          const position = moved.get(widget.id);
          return position ? { ...widget, position } : widget;
        }),
      );
      return { before };
    },
    onError: (error, { tripId }, context, { client }) => {
      if (context?.before) client.setQueryData(tripKeys.widgets(tripId), context.before);
      toast({
        variant: 'destructive',
        title: 'Could not tidy up the board',
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
    onSuccess: (saved, { tripId }, _context, { client }) => {
      for (const widget of saved) replaceWidgetInCache(client, tripId, widget);
    },
  }),

  /** `DELETE /api/widgets/:id`: gone from the board at once, back if the server refuses. */
  delete: mutationOptions({
    mutationKey: ['board', 'delete'],
    mutationFn: ({ widget }: { tripId: string; widget: Widget }) =>
      apiRequest('DELETE', `/api/widgets/${encodeURIComponent(widget.id)}`),
    onMutate: async ({ tripId, widget }, { client }) => {
      const key = tripKeys.widgets(tripId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Widget[]>(key);
      removeWidgetFromCache(client, tripId, widget.id);
      return { before };
    },
    onError: (error, { tripId, widget }, context, { client }) => {
      if (context?.before) client.setQueryData(tripKeys.widgets(tripId), context.before);
      toast({
        variant: 'destructive',
        title: `Could not remove ${widget.title}`,
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
  }),
};

/**
 * Changes to one widget: a move at the end of a drag, a rename, new settings. The board shows the
 * change at once — the cache is written before the request, in the same event as the drop, so the
 * widget never jumps back for a frame — and the widget goes back if the server refuses.
 */
export function useUpdateWidget(tripId: string) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation(widgetMutations.update);

  // The promise settles with the save, true when it was saved (a refusal is the toast's
  // business), so a caller can keep showing the change until the board has the answer.
  return useCallback(
    (id: string, changes: UpdateWidgetBody): Promise<boolean> => {
      const previous = queryClient
        .getQueryData<Widget[]>(tripKeys.widgets(tripId))
        ?.find((widget) => widget.id === id);
      if (!previous) return Promise.resolve(false);
      replaceWidgetInCache(queryClient, tripId, applyChanges(previous, changes));
      return new Promise((settled) =>
        mutate(
          { tripId, id, changes, previous },
          { onSettled: (_saved, error) => settled(!error) },
        ),
      );
    },
    [queryClient, tripId, mutate],
  );
}

function applyChanges(widget: Widget, changes: UpdateWidgetBody): Widget {
  const { position, title, data } = changes;
  return {
    ...widget,
    ...(position ? { position: { top: position.top, left: position.left } } : {}),
    ...(title === undefined ? {} : { title }),
    ...(data === undefined ? {} : { data: data ?? null }),
  };
}

/** Adds a widget under an id of spec §4's form chosen here, so that sending it again adds one. */
export function useCreateWidget(tripId: string) {
  return useMutationWith(
    widgetMutations.create,
    (body: CreateWidgetBody): NewWidget => ({ ...body, tripId, id: widgetIdFor(body.type) }),
  );
}

/** Removes a widget of the trip: `mutate(widget)`. */
export function useRemoveWidget(tripId: string) {
  return useMutationWith(widgetMutations.delete, (widget: Widget) => ({ tripId, widget }));
}

/** Moves several widgets at once: `mutate(positions)`. */
export function useArrangeWidgets(tripId: string) {
  return useMutationWith(
    widgetMutations.arrange,
    (positions: ArrangeWidgetsBody['positions']): WidgetArrangement => ({ tripId, positions }),
  );
}
