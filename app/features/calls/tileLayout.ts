import type { CallParticipant, VideoViewing } from '../../../shared/contracts/calls';

/** One picture in the call panel: a person's face (camera or avatar) or a shared screen. */
export type Tile = {
  /** `<peer id>:camera` or `<peer id>:screen`: stable while the person stays in the call. */
  key: string;
  kind: 'camera' | 'screen';
  person: CallParticipant;
  me: boolean;
};

export type PanelMode = 'grid' | 'speaker' | 'screen';

export type PanelLayout = {
  mode: PanelMode;
  /** Shown large: every face in a grid; one tile otherwise. */
  main: Tile[];
  /** The small row beside or under it, at most `stripSize` tiles. */
  strip: Tile[];
  /** Tiles left out of the strip ("+N"); their videos are not shown, so not sent. */
  hidden: Tile[];
};

// Up to this many faces share a grid; more, and the active speaker is shown large.
export const GRID_MAX = 4;
// Small tiles beside the large one: desktop, phone.
const STRIP_WIDE = 6;
const STRIP_NARROW = 4;

const faceOf = (person: CallParticipant, myUserId: string): Tile => ({
  key: `${person.peerId}:camera`,
  kind: 'camera',
  person,
  me: person.userId === myUserId,
});
const screenOf = (person: CallParticipant, myUserId: string): Tile => ({
  key: `${person.peerId}:screen`,
  kind: 'screen',
  person,
  me: person.userId === myUserId,
});

/**
 * What the call panel shows (issue #20): a grid for a few people; the active speaker large with
 * the others in a strip for more, and always on a phone; a shared screen large with the faces
 * beside it. A pinned person (their screen, if they share one) is shown large whatever the rest.
 * My own face is never the large one unless I pin it or nobody else is there.
 */
export function layoutTiles(options: {
  participants: CallParticipant[];
  myUserId: string;
  /** Peer id of the person pinned, if any. */
  pinned: string | null;
  /** Peer id of the person who spoke last (not me). */
  activeSpeaker: string | null;
  narrow: boolean;
}): PanelLayout {
  const { participants, myUserId, pinned, activeSpeaker, narrow } = options;
  const faces = participants.map((person) => faceOf(person, myUserId));
  const screens = participants
    .filter((person) => person.screen)
    .map((person) => screenOf(person, myUserId));
  const stripSize = narrow ? STRIP_NARROW : STRIP_WIDE;
  const withStrip = (mode: PanelMode, large: Tile): PanelLayout => {
    const rest = [...screens, ...faces].filter((tile) => tile.key !== large.key);
    // My own face last in the strip: the others matter more when space runs out.
    rest.sort((a, b) => Number(a.me) - Number(b.me));
    return {
      mode,
      main: [large],
      strip: rest.slice(0, stripSize),
      hidden: rest.slice(stripSize),
    };
  };

  const pinnedPerson = participants.find((person) => person.peerId === pinned);
  if (pinnedPerson) {
    const pinnedScreen = screens.find((tile) => tile.person.peerId === pinned);
    return withStrip(
      pinnedScreen ? 'screen' : 'speaker',
      pinnedScreen ?? faceOf(pinnedPerson, myUserId),
    );
  }
  // Someone else's screen before mine: I know what mine shows.
  const screen = screens.find((tile) => !tile.me) ?? screens[0];
  if (screen) return withStrip('screen', screen);
  if (faces.length === 0) return { mode: 'grid', main: [], strip: [], hidden: [] };
  if (!narrow && faces.length <= GRID_MAX)
    return { mode: 'grid', main: faces, strip: [], hidden: [] };
  const others = faces.filter((tile) => !tile.me);
  const large =
    others.find((tile) => tile.person.peerId === activeSpeaker) ?? others[0] ?? faces[0]!;
  return withStrip('speaker', large);
}

/**
 * Which of each person's videos I show, by peer id (a collapsed panel or a hidden page shows
 * none): sent to them so that they send only what I look at.
 */
export function viewingOf(
  participants: CallParticipant[],
  layout: PanelLayout,
  showing: boolean,
): Map<string, VideoViewing> {
  const shown = new Set(showing ? [...layout.main, ...layout.strip].map((tile) => tile.key) : []);
  const viewing = new Map<string, VideoViewing>();
  for (const person of participants) {
    viewing.set(person.peerId, {
      camera: shown.has(`${person.peerId}:camera`),
      screen: shown.has(`${person.peerId}:screen`),
    });
  }
  return viewing;
}

/**
 * The person shown as the active speaker: whoever other than me speaks now, keeping the one
 * before while nobody (or the same person still) speaks, so the large face does not flicker.
 */
export function nextActiveSpeaker(
  current: string | null,
  speaking: string[],
  present: string[],
): string | null {
  if (current && speaking.includes(current)) return current;
  const next = speaking.find((peerId) => present.includes(peerId));
  if (next) return next;
  return current && present.includes(current) ? current : null;
}
