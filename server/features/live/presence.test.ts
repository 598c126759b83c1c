import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presenceColour } from '../../../shared/contracts/live';
import { createSettler, presenceList } from './presence';

describe('createSettler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces a burst of joins and leaves once, settleMs after the first', () => {
    const announced: string[] = [];
    const settler = createSettler(50, (tripId) => announced.push(tripId));
    settler.schedule('lisbon');
    vi.advanceTimersByTime(30);
    settler.schedule('lisbon');
    settler.schedule('porto');
    vi.advanceTimersByTime(20);
    expect(announced).toEqual(['lisbon']);
    vi.advanceTimersByTime(30);
    expect(announced).toEqual(['lisbon', 'porto']);
    // Settled: the next change is announced again.
    settler.schedule('lisbon');
    vi.advanceTimersByTime(50);
    expect(announced).toEqual(['lisbon', 'porto', 'lisbon']);
  });

  it('once closed, announces nothing more', () => {
    const announced: string[] = [];
    const settler = createSettler(50, (tripId) => announced.push(tripId));
    settler.schedule('lisbon');
    settler.close();
    settler.schedule('porto');
    vi.advanceTimersByTime(1000);
    expect(announced).toEqual([]);
  });
});

describe('presenceList', () => {
  it('shows each person once, whatever number of tabs they have open, in name order', () => {
    const ana = { id: 'u-ana', name: 'Ana Lima', image: null };
    const bruno = { id: 'u-bruno', name: 'Bruno Reis', image: '/media/bruno.jpg' };
    expect(presenceList([bruno, ana, undefined, bruno])).toEqual([
      { userId: 'u-ana', name: 'Ana Lima', image: null, colour: presenceColour('u-ana') },
      {
        userId: 'u-bruno',
        name: 'Bruno Reis',
        image: '/media/bruno.jpg',
        colour: presenceColour('u-bruno'),
      },
    ]);
  });
});
