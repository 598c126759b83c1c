import type { ClientFeature } from '@/features/feature';
import { chatLive } from './chatCache';
import { chatMutations } from './useChat';

export const chatFeature = {
  name: 'chat',
  lists: { chat: chatLive },
  mutations: chatMutations,
} satisfies ClientFeature;
