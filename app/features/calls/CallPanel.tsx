import { ChevronDown, ChevronUp, GripHorizontal, MoveDiagonal2, SwitchCamera } from 'lucide-react';
import {
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { cn } from '@/lib/utils';
import type { CallParticipant } from '../../../shared/contracts/calls';
import { useElementSize } from '../board/useElementSize';
import { PersonAvatar } from '../live/PersonAvatar';
import {
  clampPlace,
  defaultPlace,
  loadPlace,
  type PanelPlace,
  placeAfterKey,
  savePlace,
} from './panelPlace';
import { layoutTiles, nextActiveSpeaker, type Tile, viewingOf } from './tileLayout';
import type { CallRoom } from './useCallRoom';
import { VideoTile } from './VideoTile';

// Tailwind's sm: below it (phones) one face is large and the rest are in a strip.
const WIDE_QUERY = '(min-width: 640px)';
// A panel at least this wide puts the strip beside the large picture instead of under it.
const SIDE_STRIP_WIDTH = 560;

function usePageVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * The call's faces floating over the board (issue #20): shown while anyone in my call has a
 * camera or a screen on. It can be moved (drag its handle, or arrow keys on it), resized (its
 * corner, or Shift + arrows), collapsed to a strip of avatars and expanded; it stays inside the
 * board, so it never covers the top bar, and each person's place is kept on their browser. It
 * reads the same call store as the top bar's controls (useCallRoom), and tells each person which
 * of their videos it shows, so nothing unseen is sent.
 */
export function CallPanel({ room, myUserId }: { room: CallRoom; myUserId: string }) {
  const call = room.call;
  const media = room.media;
  const wide = useMediaQuery(WIDE_QUERY);
  const visible = usePageVisible();
  const boundsRef = useRef<HTMLDivElement>(null);
  // The board's size: the panel lives over it, under the top bar.
  const area = useElementSize(boundsRef);
  const [place, setPlace] = useState<PanelPlace | null>(() => loadPlace(myUserId));
  const [pinned, setPinned] = useState<string | null>(null);
  const [pictureInPicture, setPictureInPicture] = useState(false);
  const [activeSpeaker, setActiveSpeaker] = useState<string | null>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Me as my own media says (at once), the others as the server says.
  const participants = useMemo<CallParticipant[]>(
    () =>
      (room.state?.participants ?? []).map((person) =>
        person.userId === myUserId && media
          ? { ...person, camera: media.camera === 'on', screen: media.screen === 'on' }
          : person,
      ),
    [room.state, media, myUserId],
  );
  const showing = Boolean(call && media) && participants.some((p) => p.camera || p.screen);

  const speakingPeers = participants
    .filter((person) => person.userId !== myUserId && media?.peers[person.peerId]?.speaking)
    .map((person) => person.peerId);
  const present = participants.map((person) => person.peerId);
  const speakingKey = speakingPeers.join();
  const presentKey = present.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the lists
  useEffect(() => {
    setActiveSpeaker((current) => nextActiveSpeaker(current, speakingPeers, present));
  }, [speakingKey, presentKey]);
  useEffect(() => {
    if (pinned && !present.includes(pinned)) setPinned(null);
  }, [pinned, present]);

  const layout = layoutTiles({ participants, myUserId, pinned, activeSpeaker, narrow: !wide });
  const shown = area ? clampPlace(place ?? defaultPlace(area), area) : null;
  const expanded = Boolean(shown && !shown.collapsed);

  // What I show of each person: they send only that (a collapsed panel or a hidden tab: nothing,
  // unless a face floats in picture-in-picture).
  const viewingKey = JSON.stringify([
    ...viewingOf(participants, layout, showing && expanded && (visible || pictureInPicture)),
  ]);
  useEffect(() => {
    // No video in the call: nothing to ask for (a new connection sends everything it has).
    if (!call || !showing) return;
    for (const [peerId, viewing] of JSON.parse(viewingKey) as [
      string,
      { camera: boolean; screen: boolean },
    ][]) {
      if (participants.some((p) => p.peerId === peerId && p.userId !== myUserId)) {
        call.setViewing(peerId, viewing);
      }
    }
  }, [call, showing, viewingKey, participants, myUserId]);

  const update = (next: PanelPlace) => {
    setPlace(next);
    savePlace(myUserId, next);
  };

  /** Drags with the pointer: moving by the handle, or widening by the corner. */
  const drag = (event: ReactPointerEvent, mode: 'move' | 'resize') => {
    if (!shown || !area || event.button !== 0) return;
    event.preventDefault();
    const start = { x: event.clientX, y: event.clientY, place: shown };
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture(event.pointerId);
    const height = panelRef.current?.offsetHeight;
    const onMove = (moving: PointerEvent) => {
      const dx = moving.clientX - start.x;
      const dy = moving.clientY - start.y;
      const next =
        mode === 'move'
          ? { ...start.place, x: start.place.x + dx, y: start.place.y + dy }
          : { ...start.place, width: start.place.width + dx };
      setPlace(clampPlace(next, area, height));
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      target.removeEventListener('pointercancel', onUp);
      setPlace((current) => {
        if (current) savePlace(myUserId, current);
        return current;
      });
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
    target.addEventListener('pointercancel', onUp);
  };

  const onHandleKey = (event: React.KeyboardEvent) => {
    if (!shown || !area) return;
    const next = placeAfterKey(shown, event.key, event.shiftKey, area);
    if (!next) return;
    event.preventDefault();
    update(next);
  };

  const tileProps = (tile: Tile, large: boolean) => {
    const peer = tile.me ? null : media?.peers[tile.person.peerId];
    const on = tile.kind === 'camera' ? tile.person.camera : tile.person.screen;
    return {
      tile,
      large,
      stream: call
        ? tile.me
          ? call.localStream(tile.kind)
          : call.remoteStream(tile.person.peerId, tile.kind)
        : null,
      video: tile.me ? on : on && Boolean(peer?.receiving[tile.kind]),
      speaking: tile.me ? Boolean(media?.speaking) : Boolean(peer?.speaking),
      pinned: pinned === tile.person.peerId,
      onPin: () =>
        setPinned((current) => (current === tile.person.peerId ? null : tile.person.peerId)),
    };
  };

  const beside = wide && (shown?.width ?? 0) >= SIDE_STRIP_WIDTH && layout.mode !== 'grid';
  const summary = `Call panel, ${participants.length} ${participants.length === 1 ? 'person' : 'people'}`;

  return (
    <div
      ref={boundsRef}
      className="pointer-events-none absolute inset-0"
      style={{ zIndex: 1000 }}
      aria-hidden={!showing}
    >
      {showing && shown && area && (
        <section
          ref={panelRef}
          aria-label={summary}
          data-testid="call-panel"
          data-layout={expanded ? layout.mode : 'collapsed'}
          className="pointer-events-auto absolute flex flex-col overflow-hidden rounded-xl border border-white/15 bg-neutral-950/85 text-white shadow-2xl backdrop-blur-md"
          // Collapsed, it is as wide as its faces: the board shows around it.
          style={{ left: shown.x, top: shown.y, width: expanded ? shown.width : undefined }}
        >
          <div className="flex h-10 shrink-0 items-center gap-1 pr-1 pl-1">
            {/* biome-ignore lint/a11y/useSemanticElements: a drag handle that also takes arrow keys */}
            <div
              role="button"
              tabIndex={0}
              aria-label="Move call panel (arrow keys; Shift with arrows to resize)"
              title="Drag to move"
              className="flex h-8 min-w-0 flex-1 cursor-grab touch-none items-center gap-2 rounded-md px-1 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none active:cursor-grabbing"
              onPointerDown={(event) => drag(event, 'move')}
              onKeyDown={onHandleKey}
            >
              <GripHorizontal className="size-4 shrink-0 text-white/60" aria-hidden />
              {expanded ? (
                <span className="truncate text-xs font-semibold">Call · {participants.length}</span>
              ) : (
                <ul className="flex min-w-0 items-center -space-x-2" aria-hidden>
                  {participants.map((person) => (
                    <li key={person.peerId} className="rounded-full ring-2 ring-neutral-950">
                      <PersonAvatar
                        name={person.name}
                        image={person.image}
                        colour={person.colour}
                        className={cn(
                          'size-7',
                          media?.peers[person.peerId]?.speaking &&
                            'shadow-[0_0_0_2px_rgb(52_211_153)]',
                        )}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {!wide && media?.camera === 'on' && (
              <button
                type="button"
                className="grid size-8 place-items-center rounded-full hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                aria-label="Switch camera"
                title="Switch camera (front or back)"
                onClick={room.switchCamera}
              >
                <SwitchCamera className="size-4" aria-hidden />
              </button>
            )}
            <button
              type="button"
              className="grid size-8 place-items-center rounded-full hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
              aria-label={expanded ? 'Collapse call panel' : 'Expand call panel'}
              aria-expanded={expanded}
              title={expanded ? 'Collapse' : 'Expand'}
              onClick={() => update({ ...shown, collapsed: expanded })}
            >
              {expanded ? (
                <ChevronUp className="size-4" aria-hidden />
              ) : (
                <ChevronDown className="size-4" aria-hidden />
              )}
            </button>
          </div>
          {expanded && (
            <div
              className={cn(
                'relative p-1.5 pt-0',
                beside ? 'flex gap-1.5' : 'flex flex-col gap-1.5',
              )}
            >
              {layout.mode === 'grid' ? (
                <div
                  className={cn(
                    'grid gap-1.5',
                    layout.main.length > 1 ? 'grid-cols-2' : 'grid-cols-1',
                  )}
                >
                  {layout.main.map((tile) => (
                    <VideoTile key={tile.key} {...tileProps(tile, layout.main.length <= 2)} />
                  ))}
                </div>
              ) : (
                <>
                  <div className="min-w-0 flex-1">
                    {layout.main.map((tile) => (
                      <VideoTile
                        key={tile.key}
                        {...tileProps(tile, true)}
                        onPictureInPicture={setPictureInPicture}
                      />
                    ))}
                  </div>
                  {(layout.strip.length > 0 || layout.hidden.length > 0) && (
                    <ul
                      aria-label="Others in the call"
                      className={cn(
                        'flex gap-1.5',
                        beside ? 'w-32 shrink-0 flex-col' : 'overflow-x-auto',
                      )}
                    >
                      {layout.strip.map((tile) => (
                        <li key={tile.key} className={beside ? 'w-full' : 'w-24 shrink-0'}>
                          <VideoTile {...tileProps(tile, false)} />
                        </li>
                      ))}
                      {layout.hidden.length > 0 && (
                        <li
                          className={cn(
                            'grid aspect-video shrink-0 place-items-center rounded-lg bg-white/10 text-xs font-semibold',
                            beside ? 'w-full' : 'w-24',
                          )}
                          title={layout.hidden.map((tile) => tile.person.name).join(', ')}
                        >
                          +{layout.hidden.length}
                        </li>
                      )}
                    </ul>
                  )}
                </>
              )}
              {wide && (
                // biome-ignore lint/a11y/useSemanticElements: a resize grip that also takes arrow keys
                <div
                  role="button"
                  tabIndex={0}
                  aria-label="Resize call panel (left and right arrow keys)"
                  title="Drag to resize"
                  className="absolute right-0 bottom-0 grid size-6 cursor-nwse-resize touch-none place-items-center rounded-md text-white/60 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                  onPointerDown={(event) => drag(event, 'resize')}
                  onKeyDown={(event) => {
                    if (!area || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
                    const next = placeAfterKey(shown, event.key, true, area);
                    if (!next) return;
                    event.preventDefault();
                    update(next);
                  }}
                >
                  <MoveDiagonal2 className="size-3.5" aria-hidden />
                </div>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
