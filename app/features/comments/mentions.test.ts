import { describe, expect, it } from 'vitest';
import { insertMention, matchingMembers, mentionQueryAt, mentionsIn, segmentsOf } from './mentions';

const ana = { id: 'a', name: 'Ana Lima' };
const ben = { id: 'b', name: 'Ben Ode' };

describe('mentions', () => {
  it('notices an @ being typed at the caret, not inside an e-mail address', () => {
    expect(mentionQueryAt('Ask @Li', 7)).toEqual({ start: 4, query: 'Li' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('ana@mail', 8)).toBeNull();
    expect(mentionQueryAt('Ask @Ana and', 12)).toBeNull();
  });

  it('offers members by any word of their name, and puts the name in place of the query', () => {
    expect(matchingMembers([ana, ben], 'li')).toEqual([ana]);
    expect(matchingMembers([ana, ben], '')).toEqual([ana, ben]);
    expect(insertMention('Ask @Li now', 4, 7, ana)).toEqual({
      text: 'Ask @Ana Lima  now',
      caret: 14,
    });
  });

  it('keeps the people the text still names, and picks their names out of it', () => {
    expect(mentionsIn('@Ana Lima and @Ben', [ana, ben])).toEqual(['a']);
    expect(segmentsOf('Hi @Ana Lima, and @Ben Ode!', [ana, ben])).toEqual([
      { text: 'Hi ' },
      { text: '@Ana Lima', mention: ana },
      { text: ', and ' },
      { text: '@Ben Ode', mention: ben },
      { text: '!' },
    ]);
  });
});
