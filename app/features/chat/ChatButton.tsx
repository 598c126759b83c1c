import { MessagesSquare } from 'lucide-react';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { CountBadge } from '@/components/CountBadge';
import { Button } from '@/components/ui/button';
import { CHAT_UNREAD_COUNTED } from '../../../shared/contracts/chat';
import { useChatUnread } from './useChat';

/** Whether the chat's panel is open, and its button, which gets the focus back as it closes. */
export type ChatPanelState = {
  open: boolean;
  show: () => void;
  toggle: () => void;
  close: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
};

/** The dashboard's chat panel: open or closed, across trips (it shows the trip on screen). */
export function useChatPanel(): ChatPanelState {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const show = useCallback(() => setOpen(true), []);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  return { open, show, toggle, close, buttonRef };
}

/** "3", or "99+" past what is counted. */
const unreadText = (unread: number) =>
  unread >= CHAT_UNREAD_COUNTED ? `${CHAT_UNREAD_COUNTED - 1}+` : String(unread);

/**
 * The top bar's Chat button (issue #38): opens and closes the trip's chat beside the board, with
 * the count of messages I have not read, live, while it is closed.
 */
export function ChatButton({ tripId, panel }: { tripId: string; panel: ChatPanelState }) {
  const unread = useChatUnread(tripId).data?.unread ?? 0;
  const shown = panel.open ? 0 : unread;
  return (
    <Button
      ref={panel.buttonRef}
      size="icon"
      variant={panel.open ? 'secondary' : 'outline'}
      className="relative size-8"
      aria-label={shown > 0 ? `Trip chat, ${unreadText(shown)} unread` : 'Trip chat'}
      aria-expanded={panel.open}
      title="Trip chat"
      onClick={panel.toggle}
    >
      <MessagesSquare aria-hidden />
      <CountBadge count={shown} testId="chat-badge" />
    </Button>
  );
}
