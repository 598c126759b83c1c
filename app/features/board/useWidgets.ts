import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tripKeys } from '@/features/trips/tripKeys';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { apiJson, apiRequest } from '@/lib/queryClient';
import type {
  CreateWidgetBody,
  UpdateWidgetBody,
  WidgetDto,
} from '../../../shared/contracts/board';
import { removeWidgetFromCache, replaceWidgetInCache, saveWidgetInCache } from './widgetCache';

/** `GET /api/trips/:tripId/widgets`: the trip's board, the same for every member. */
export function useWidgets(tripId: string) {
  return useQuery<WidgetDto[]>({ queryKey: tripKeys.widgets(tripId) });
}

/**
 * Changes to one widget: a move at the end of a drag, a rename, new settings. The board shows the
 * change at once — the cache is written before the request, in the same event as the drop, so the
 * widget never jumps back for a frame — and the widget goes back if the server refuses.
 */
export function useUpdateWidget(tripId: string) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWidgetBody; previous: WidgetDto }) =>
      apiJson<WidgetDto>('PATCH', `/api/widgets/${encodeURIComponent(id)}`, changes),
    onError: (error, { previous }) => {
      replaceWidgetInCache(queryClient, tripId, previous);
      toast({
        variant: 'destructive',
        title: `Could not save ${previous.title}`,
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
    onSuccess: (saved) => replaceWidgetInCache(queryClient, tripId, saved),
  });

  // The promise settles with the save, true when it was saved (a refusal is the toast's
  // business), so a caller can keep showing the change until the board has the answer.
  return useCallback(
    (id: string, changes: UpdateWidgetBody): Promise<boolean> => {
      const previous = queryClient
        .getQueryData<WidgetDto[]>(tripKeys.widgets(tripId))
        ?.find((widget) => widget.id === id);
      if (!previous) return Promise.resolve(false);
      replaceWidgetInCache(queryClient, tripId, applyChanges(previous, changes));
      return new Promise((settled) =>
        mutate({ id, changes, previous }, { onSettled: (_saved, error) => settled(!error) }),
      );
    },
    [queryClient, tripId, mutate],
  );
}

function applyChanges(widget: WidgetDto, changes: UpdateWidgetBody): WidgetDto {
  const { position, title, data } = changes;
  return {
    ...widget,
    ...(position ? { position: { top: position.top, left: position.left } } : {}),
    ...(title === undefined ? {} : { title }),
    ...(data === undefined ? {} : { data: data ?? null }),
  };
}

/** `POST /api/trips/:tripId/widgets`; the new widget joins the cached board. */
export function useAddWidget(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWidgetBody) =>
      apiJson<WidgetDto>('POST', `/api/trips/${tripId}/widgets`, body),
    onSuccess: (added) => saveWidgetInCache(queryClient, tripId, added),
  });
}

/** `DELETE /api/widgets/:id`: gone from the board at once, back if the server refuses. */
export function useRemoveWidget(tripId: string) {
  const queryClient = useQueryClient();
  const key = tripKeys.widgets(tripId);
  return useMutation({
    mutationFn: (widget: WidgetDto) =>
      apiRequest('DELETE', `/api/widgets/${encodeURIComponent(widget.id)}`),
    onMutate: async (widget) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WidgetDto[]>(key);
      removeWidgetFromCache(queryClient, tripId, widget.id);
      return { before };
    },
    onError: (error, widget, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast({
        variant: 'destructive',
        title: `Could not remove ${widget.title}`,
        description: errorMessage(error, 'Please check your connection and try again.'),
      });
    },
  });
}
