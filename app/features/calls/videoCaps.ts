/**
 * How much video a person sends to each other person in a call (issue #20). A mesh uploads one
 * stream per other person, so the caps shrink as the call grows and the upload stays about the
 * same, ~1.2-1.5 Mbit/s for a camera whatever the size (docs/decisions/0032). A screen
 * keeps its resolution (text must stay readable) and gives up frames instead.
 */

export type EncodingCaps = {
  /** Bits a second, for this one connection. */
  maxBitrate: number;
  maxFramerate: number;
  /** Lines of the picture sent; a larger camera is scaled down to it. */
  maxHeight: number;
};

/** The network towards one person: poor while it loses packets or answers slowly. */
export type LinkQuality = 'good' | 'poor';

type Tier = { upTo: number; caps: EncodingCaps };

// People in the call (me included) → what my camera sends to each of the others.
const CAMERA_TIERS: Tier[] = [
  { upTo: 2, caps: { maxHeight: 720, maxFramerate: 30, maxBitrate: 1_200_000 } },
  { upTo: 3, caps: { maxHeight: 540, maxFramerate: 24, maxBitrate: 700_000 } },
  { upTo: 4, caps: { maxHeight: 360, maxFramerate: 24, maxBitrate: 450_000 } },
  { upTo: 6, caps: { maxHeight: 270, maxFramerate: 15, maxBitrate: 280_000 } },
  {
    upTo: Number.POSITIVE_INFINITY,
    caps: { maxHeight: 180, maxFramerate: 15, maxBitrate: 150_000 },
  },
];

const SCREEN_TIERS: Tier[] = [
  { upTo: 2, caps: { maxHeight: 1080, maxFramerate: 15, maxBitrate: 1_500_000 } },
  { upTo: 4, caps: { maxHeight: 1080, maxFramerate: 8, maxBitrate: 700_000 } },
  { upTo: 6, caps: { maxHeight: 720, maxFramerate: 5, maxBitrate: 400_000 } },
  {
    upTo: Number.POSITIVE_INFINITY,
    caps: { maxHeight: 720, maxFramerate: 4, maxBitrate: 250_000 },
  },
];

/**
 * The caps of a camera or a screen towards one person, by the people in the call (me included)
 * and that connection's network. On a poor one a camera drops to the next tier's size and half
 * the bits, a screen to half the bits and frames; never below what keeps a face recognisable.
 */
export function videoCaps(
  kind: 'camera' | 'screen',
  people: number,
  quality: LinkQuality = 'good',
): EncodingCaps {
  const tiers = kind === 'camera' ? CAMERA_TIERS : SCREEN_TIERS;
  const index = tiers.findIndex((tier) => Math.max(2, people) <= tier.upTo);
  const caps = tiers[index]!.caps;
  if (quality === 'good') return caps;
  const smaller = kind === 'camera' ? (tiers[index + 1]?.caps ?? caps) : caps;
  return {
    maxHeight: smaller.maxHeight,
    maxFramerate: Math.max(kind === 'camera' ? 12 : 3, Math.round(caps.maxFramerate / 2)),
    maxBitrate: Math.max(100_000, Math.round(caps.maxBitrate / 2)),
  };
}

/** The one encoding a video sender uses: the caps, scaled from the track's height, sent or not. */
export function encodingFor(caps: EncodingCaps, trackHeight: number | null, active: boolean) {
  const scale = trackHeight && trackHeight > caps.maxHeight ? trackHeight / caps.maxHeight : 1;
  return {
    active,
    maxBitrate: caps.maxBitrate,
    maxFramerate: caps.maxFramerate,
    scaleResolutionDownBy: Math.round(scale * 100) / 100,
  };
}

/** What the statistics of one connection say about the network under my video. */
export type LinkSample = {
  /** Share of my packets the other side reported lost (0-1), or null before any report. */
  lost: number | null;
  /** Round trip in seconds, or null before any report. */
  roundTrip: number | null;
};

type StatsLike = { forEach(callback: (report: Record<string, unknown>) => void): void };

/** The worst loss and round trip of my video on a connection, from its getStats(). */
export function readLinkSample(stats: StatsLike): LinkSample {
  let lost: number | null = null;
  let roundTrip: number | null = null;
  stats.forEach((report) => {
    if (report.type !== 'remote-inbound-rtp' || report.kind !== 'video') return;
    if (typeof report.fractionLost === 'number') lost = Math.max(lost ?? 0, report.fractionLost);
    if (typeof report.roundTripTime === 'number') {
      roundTrip = Math.max(roundTrip ?? 0, report.roundTripTime);
    }
  });
  return { lost, roundTrip };
}

// Over 5 % of packets lost, or half a second there and back: the connection is struggling.
const POOR_LOSS = 0.05;
const POOR_ROUND_TRIP = 0.5;
// Back to the full caps only after this long without trouble (no see-saw on a shaky network).
export const RECOVER_AFTER_MS = 10_000;

/**
 * A connection's quality after a new sample: poor at once on trouble, good again only after
 * RECOVER_AFTER_MS without any. `troubleAt` is when trouble was last seen.
 */
export function nextQuality(
  previous: { quality: LinkQuality; troubleAt: number },
  sample: LinkSample,
  now: number,
): { quality: LinkQuality; troubleAt: number } {
  const trouble = (sample.lost ?? 0) > POOR_LOSS || (sample.roundTrip ?? 0) > POOR_ROUND_TRIP;
  if (trouble) return { quality: 'poor', troubleAt: now };
  if (previous.quality === 'poor' && now - previous.troubleAt < RECOVER_AFTER_MS) return previous;
  return { quality: 'good', troubleAt: previous.troubleAt };
}
