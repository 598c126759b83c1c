import { describe, expect, it } from 'vitest';
import { reachOf } from './featureReach.mjs';

// Issue #37's goal, measured: a feature plugs in through its folders and a few lists, so adding
// one does not mean editing switchboards across the tree.
describe('a feature plugs in', () => {
  it('names polls in at most 6 source files outside its folders', () => {
    const reach = reachOf('polls');
    expect(reach.length, reach.join('\n')).toBeLessThanOrEqual(6);
  });

  it('names the chat in at most 6 source files outside its folders', () => {
    const reach = reachOf('chat');
    expect(reach.length, reach.join('\n')).toBeLessThanOrEqual(6);
  });

  it('names the itinerary in at most 6 source files outside its folders', () => {
    const reach = reachOf('itinerary');
    expect(reach.length, reach.join('\n')).toBeLessThanOrEqual(6);
  });
});
