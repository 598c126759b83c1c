import { dayLabel } from '../../../shared/activityText';
import { localDayOf } from '../../../shared/calendar';
import type { ChatMessage } from '../../../shared/contracts/chat';
import type { Writer } from '../../../shared/contracts/mentions';

/** Messages one after another from one person, within a few minutes: one name and face. */
export type MessageRun = { key: string; author: Writer; messages: ChatMessage[] };
/** A day of the chat, in the viewer's zone: "Today", "Yesterday", "Monday, Nov 23, 2026". */
export type ChatDay = { key: string; label: string; runs: MessageRun[] };

/** A pause this long starts a new run, even from the same person. */
export const RUN_BREAK_MS = 5 * 60 * 1000;

/** The messages (oldest first) by day, each day's in runs of one person writing. */
export function groupMessages(messages: readonly ChatMessage[], now: Date): ChatDay[] {
  const days: ChatDay[] = [];
  for (const message of messages) {
    const key = localDayOf(new Date(message.createdAt));
    let day = days.at(-1);
    if (!day || day.key !== key) {
      day = { key, label: dayLabel(message.createdAt, now), runs: [] };
      days.push(day);
    }
    const run = day.runs.at(-1);
    const last = run?.messages.at(-1);
    if (
      run &&
      last &&
      run.author.id === message.author.id &&
      Date.parse(message.createdAt) - Date.parse(last.createdAt) < RUN_BREAK_MS
    ) {
      run.messages.push(message);
    } else {
      day.runs.push({ key: message.id, author: message.author, messages: [message] });
    }
  }
  return days;
}
