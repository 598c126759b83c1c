import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { LiveList } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';
import type { ListPage } from '@/lib/pagedList';
import type { ChatMessage } from '../../../shared/contracts/chat';

/** The chat's queries of a trip: its pages of messages, and how many are unread. */
export const chatKeys = {
  all: (tripId: string) => [...tripKeys.trip(tripId), 'chat'] as const,
  messages: (tripId: string) => [...tripKeys.trip(tripId), 'chat', 'messages'] as const,
  unread: (tripId: string) => [...tripKeys.trip(tripId), 'chat', 'unread'] as const,
};

/** The pages read so far: the newest first, each page's messages oldest first. */
export type ChatPages = InfiniteData<ListPage<ChatMessage>>;

/** The order messages are shown in, as the server keeps it: by time, then by id. */
export const messageOrder = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

/** The messages read so far, oldest first. */
export const messagesOf = (data: ChatPages | undefined): ChatMessage[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.entries) : [];

/**
 * The pages with `message` in place of its old self (an edit), else added to the newest page in
 * its place (a new message); not loaded stays so (they load whole when the chat opens).
 */
export function withMessage(data: ChatPages | undefined, message: ChatMessage) {
  if (!data) return data;
  if (data.pages.some((page) => page.entries.some((entry) => entry.id === message.id))) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        entries: page.entries.map((entry) => (entry.id === message.id ? message : entry)),
      })),
    };
  }
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return {
    ...data,
    pages: [
      {
        ...newest,
        entries: [...newest.entries, message].sort(messageOrder),
        total: newest.total === null ? null : newest.total + 1,
      },
      ...older,
    ],
  };
}

/** The pages without the message `id` (each page's count of them all one less). */
export function withoutMessage(data: ChatPages | undefined, id: string) {
  if (!data?.pages.some((page) => page.entries.some((entry) => entry.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      entries: page.entries.filter((entry) => entry.id !== id),
      total: page.total === null ? null : Math.max(0, page.total - 1),
    })),
  };
}

export const saveMessage = (client: QueryClient, tripId: string, message: ChatMessage) =>
  client.setQueryData<ChatPages>(chatKeys.messages(tripId), (data) => withMessage(data, message));

export const removeMessage = (client: QueryClient, tripId: string, id: string) =>
  client.setQueryData<ChatPages>(chatKeys.messages(tripId), (data) => withoutMessage(data, id));

const countAgain = (client: QueryClient, tripId: string) =>
  void client.invalidateQueries({ queryKey: chatKeys.unread(tripId) });

/**
 * Another member's message written, edited or deleted: the chat, if read, follows at once, and
 * the unread count is asked again.
 */
export const chatLive: LiveList<'chat'> = {
  writes: (tripId) => [chatKeys.messages(tripId), chatKeys.unread(tripId)],
  saved: (client, tripId, message) => {
    saveMessage(client, tripId, message);
    countAgain(client, tripId);
  },
  removed: (client, tripId, id) => {
    removeMessage(client, tripId, id);
    countAgain(client, tripId);
  },
};
