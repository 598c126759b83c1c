import { mutationOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listUrl, usePagedList } from '@/lib/pagedList';
import { apiJson } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import { type ChatMessage, type ChatUnread, chatMessage } from '../../../shared/contracts/chat';
import { randomUuid } from '../../../shared/ids';
import { chatKeys, messagesOf, removeMessage, saveMessage } from './chatCache';

/** The messages of an answer that can be shown (one odd message does not break the chat). */
function readMessages(body: unknown): ChatMessage[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => {
    const parsed = chatMessage.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The trip's chat while it is open: the newest page, and older ones as they are asked for, read
 * afresh each time it opens (what came meanwhile came to a closed chat); kept live (chatLive).
 */
export function useChatMessages(tripId: string) {
  const { query, hasMore, loadMore, isLoadingMore } = usePagedList({
    queryKey: chatKeys.messages(tripId),
    urlOf: (before) => listUrl(`/api/trips/${tripId}/chat`, { before }),
    read: readMessages,
    enabled: true,
    freshOnMount: true,
  });
  const messages = useMemo(() => messagesOf(query.data), [query.data]);
  return {
    query,
    /** Oldest first. */
    messages,
    hasOlder: hasMore,
    loadOlder: loadMore,
    isLoadingOlder: isLoadingMore,
  };
}

/** How many messages of others I have not read on the trip (up to 100), kept live. */
export function useChatUnread(tripId: string) {
  return useQuery<ChatUnread>({
    queryKey: chatKeys.unread(tripId),
    queryFn: ({ signal }) =>
      fetch(`/api/trips/${tripId}/chat/unread`, { credentials: 'include', signal }).then((res) =>
        res.ok ? (res.json() as Promise<ChatUnread>) : { unread: 0 },
      ),
  });
}

type Written = { body: string; mentions: string[] };
/** A new message as the request sends it: its trip, and the id chosen for it here. */
export type NewChatMessage = Written & { tripId: string; id: string };
export type ChatMessageEdit = Written & { tripId: string; id: string };

// The answer is this tab's own change, which comes back to it as no live message.
const saved = (message: ChatMessage, client: QueryClient) =>
  saveMessage(client, message.tripId, message);

/** The chat's writes (issue #37: registered by key, run again from their variables alone). */
export const chatMutations = {
  create: mutationOptions({
    mutationKey: ['chat', 'create'],
    mutationFn: ({ tripId, ...body }: NewChatMessage) =>
      apiJson<ChatMessage>('POST', `/api/trips/${tripId}/chat`, body),
    onSuccess: (message, _variables, _result, { client }) => saved(message, client),
  }),
  update: mutationOptions({
    mutationKey: ['chat', 'update'],
    mutationFn: ({ id, body, mentions }: ChatMessageEdit) =>
      apiJson<ChatMessage>('PATCH', `/api/chat/${id}`, { body, mentions }),
    onSuccess: (message, _variables, _result, { client }) => saved(message, client),
  }),
  delete: mutationOptions({
    mutationKey: ['chat', 'delete'],
    mutationFn: ({ id }: { tripId: string; id: string }) =>
      apiJson<{ success: true }>('DELETE', `/api/chat/${id}`),
    onSuccess: (_answer, { tripId, id }, _result, { client }) => removeMessage(client, tripId, id),
  }),
  read: mutationOptions({
    mutationKey: ['chat', 'read'],
    mutationFn: ({ tripId, upTo }: { tripId: string; upTo: string }) =>
      apiJson<ChatUnread>('POST', `/api/trips/${tripId}/chat/read`, { upTo }),
    onSuccess: async (answer, { tripId }, _result, { client }) => {
      // A count asked for before the mark moved must not land after it.
      await client.cancelQueries({ queryKey: chatKeys.unread(tripId) });
      client.setQueryData(chatKeys.unread(tripId), answer);
    },
  }),
};

/**
 * Writing (under an id chosen here, so that sending it again writes it once), editing, deleting
 * and reading the trip's chat.
 */
export function useChatMutations(tripId: string) {
  const send = useMutationWith(
    chatMutations.create,
    (input: Written): NewChatMessage => ({ ...input, tripId, id: randomUuid() }),
  );
  const edit = useMutationWith(chatMutations.update, (input: Written & { id: string }) => ({
    ...input,
    tripId,
  }));
  const remove = useMutationWith(chatMutations.delete, (id: string) => ({ tripId, id }));
  const markRead = useMutationWith(chatMutations.read, (upTo: string) => ({ tripId, upTo }));
  return { send, edit, remove, markRead };
}
