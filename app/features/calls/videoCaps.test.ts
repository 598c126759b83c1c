import { describe, expect, it } from 'vitest';
import { encodingFor, nextQuality, RECOVER_AFTER_MS, readLinkSample, videoCaps } from './videoCaps';

describe('videoCaps', () => {
  it('shrinks a camera as the call grows, keeping the upload about the same', () => {
    const sizes = [2, 3, 4, 5, 6, 8, 10];
    const caps = sizes.map((people) => videoCaps('camera', people));
    for (let i = 1; i < caps.length; i++) {
      expect(caps[i]!.maxBitrate).toBeLessThanOrEqual(caps[i - 1]!.maxBitrate);
      expect(caps[i]!.maxHeight).toBeLessThanOrEqual(caps[i - 1]!.maxHeight);
    }
    expect(videoCaps('camera', 3).maxBitrate).toBeLessThan(videoCaps('camera', 2).maxBitrate);
    // The whole upload (one stream per other person) stays under 1.5 Mbit/s at every size.
    for (const [index, people] of sizes.entries()) {
      expect(caps[index]!.maxBitrate * (people - 1)).toBeLessThanOrEqual(1_500_000);
    }
    // Alone in the room counts as two: the first person to join gets the best.
    expect(videoCaps('camera', 1)).toEqual(videoCaps('camera', 2));
  });

  it('keeps a screen sharp and gives up frames instead', () => {
    expect(videoCaps('screen', 2).maxHeight).toBe(1080);
    expect(videoCaps('screen', 4).maxHeight).toBe(1080);
    expect(videoCaps('screen', 4).maxFramerate).toBeLessThan(videoCaps('screen', 2).maxFramerate);
  });

  it('lowers the caps on a poor connection, not below a usable floor', () => {
    const good = videoCaps('camera', 2);
    const poor = videoCaps('camera', 2, 'poor');
    expect(poor.maxBitrate).toBe(good.maxBitrate / 2);
    expect(poor.maxHeight).toBe(videoCaps('camera', 3).maxHeight);
    const smallest = videoCaps('camera', 10, 'poor');
    expect(smallest.maxBitrate).toBeGreaterThanOrEqual(100_000);
    expect(smallest.maxFramerate).toBeGreaterThanOrEqual(12);
  });
});

describe('encodingFor', () => {
  it('scales a larger camera down to the cap and sends only what is viewed', () => {
    const caps = videoCaps('camera', 4); // 360 lines
    expect(encodingFor(caps, 720, true)).toEqual({
      active: true,
      maxBitrate: caps.maxBitrate,
      maxFramerate: caps.maxFramerate,
      scaleResolutionDownBy: 2,
    });
    expect(encodingFor(caps, 240, false)).toMatchObject({
      active: false,
      scaleResolutionDownBy: 1,
    });
    expect(encodingFor(caps, null, true).scaleResolutionDownBy).toBe(1);
  });
});

describe('link quality', () => {
  const stats = (reports: Record<string, unknown>[]) => ({
    forEach: (callback: (report: Record<string, unknown>) => void) => reports.forEach(callback),
  });

  it('reads the worst loss and round trip of my video from the statistics', () => {
    expect(
      readLinkSample(
        stats([
          { type: 'remote-inbound-rtp', kind: 'video', fractionLost: 0.01, roundTripTime: 0.05 },
          { type: 'remote-inbound-rtp', kind: 'video', fractionLost: 0.2, roundTripTime: 0.02 },
          { type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0.9, roundTripTime: 3 },
          { type: 'outbound-rtp', kind: 'video' },
        ]),
      ),
    ).toEqual({ lost: 0.2, roundTrip: 0.05 });
    expect(readLinkSample(stats([]))).toEqual({ lost: null, roundTrip: null });
  });

  it('turns poor at once and good again only after a quiet while', () => {
    const start = { quality: 'good' as const, troubleAt: 0 };
    const fine = { lost: 0, roundTrip: 0.04 };
    expect(nextQuality(start, fine, 1000)).toEqual(start);
    const lossy = nextQuality(start, { lost: 0.08, roundTrip: 0.04 }, 1000);
    expect(lossy).toEqual({ quality: 'poor', troubleAt: 1000 });
    expect(nextQuality(start, { lost: 0, roundTrip: 0.9 }, 1000).quality).toBe('poor');
    expect(nextQuality(lossy, fine, 1000 + RECOVER_AFTER_MS - 1).quality).toBe('poor');
    expect(nextQuality(lossy, fine, 1000 + RECOVER_AFTER_MS).quality).toBe('good');
  });
});
