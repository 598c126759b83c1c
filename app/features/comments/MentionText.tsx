import type { ReactNode } from 'react';
import { type Mentionable, segmentsOf } from './mentions';

/**
 * A comment's or chat message's text, each "@Name" of a person it mentions picked out; `children`
 * follow it on its last line (an "edited" mark).
 */
export function MentionText({
  text,
  mentioned,
  children,
}: {
  text: string;
  mentioned: Mentionable[];
  children?: ReactNode;
}) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {segmentsOf(text, mentioned).map((segment, index) =>
        segment.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text, in order
          <strong key={index} className="font-medium text-primary">
            {segment.text}
          </strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text, in order
          <span key={index}>{segment.text}</span>
        ),
      )}
      {children}
    </p>
  );
}
