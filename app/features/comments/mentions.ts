/**
 * @mentions in a comment's text (issue #24): the composer notices an "@" being typed, offers the
 * trip's members, and puts "@Name " in its place; a comment's text is shown with the names it
 * mentions picked out. Plain functions, for the composer and the thread.
 */

export type Mentionable = { id: string; name: string };

/** The "@query" being typed just before the caret, if any: where it starts and what it says. */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Members whose name has a word starting with the query (all of them for an empty query). */
export function matchingMembers(members: Mentionable[], query: string): Mentionable[] {
  const wanted = query.toLocaleLowerCase();
  return members.filter((member) =>
    member.name
      .toLocaleLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(wanted)),
  );
}

/** The text with the "@query" at `start..caret` replaced by "@Name ", and the caret after it. */
export function insertMention(text: string, start: number, caret: number, member: Mentionable) {
  const inserted = `@${member.name} `;
  return {
    text: text.slice(0, start) + inserted + text.slice(caret),
    caret: start + inserted.length,
  };
}

/** Of the people picked while writing, those the text still names ("@Name"). */
export function mentionsIn(text: string, picked: Mentionable[]): string[] {
  return [...new Set(picked.filter((member) => text.includes(`@${member.name}`)).map((m) => m.id))];
}

export type Segment = { text: string; mention?: Mentionable };

/** The text in pieces, each "@Name" of a mentioned person a piece of its own. */
export function segmentsOf(text: string, mentioned: Mentionable[]): Segment[] {
  // Longest names first, so "@Ana Lima" wins over "@Ana".
  const names = [...mentioned].sort((a, b) => b.name.length - a.name.length);
  const segments: Segment[] = [];
  let rest = text;
  while (rest) {
    let best: { at: number; member: Mentionable } | null = null;
    for (const member of names) {
      const at = rest.indexOf(`@${member.name}`);
      if (at !== -1 && (!best || at < best.at)) best = { at, member };
    }
    if (!best) {
      segments.push({ text: rest });
      break;
    }
    if (best.at > 0) segments.push({ text: rest.slice(0, best.at) });
    const token = `@${best.member.name}`;
    segments.push({ text: token, mention: best.member });
    rest = rest.slice(best.at + token.length);
  }
  return segments;
}
