import { PencilRuler } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/useAuth';
import { WidgetLoadError, WidgetLoading } from '@/features/board/WidgetStates';
import type { LiveTrip } from '@/features/live/useLiveTrip';
import { isFirstLoad } from '@/lib/queryStates';
import { Link } from '@/lib/router';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { loadWhiteboardEditor } from './excalidrawAssets';
import { ScenePreview } from './ScenePreview';
import { useWhiteboardScene, useWhiteboardUpdates } from './useWhiteboard';

// Excalidraw (about a megabyte of script) loads only when a whiteboard is opened (issue #22).
const WhiteboardEditor = lazy(loadWhiteboardEditor);

export const EMPTY_WHITEBOARD =
  'Nothing drawn yet. Open the whiteboard to sketch the plan together.';
export const WHITEBOARD_UPGRADE_NOTE = 'Whiteboards come with Premium and Pro.';
export const WHITEBOARD_READ_ONLY =
  "This trip's owner is on the Free plan: the whiteboard shows as it was left, and cannot be changed.";

type Props = {
  widget: Widget;
  trip: Trip;
  expanded: boolean;
  live?: LiveTrip;
  onExpand: () => void;
};

/**
 * The Whiteboard widget (issue #22): on the board, a live preview of the drawing; expanded, the
 * full editor where everyone on the trip draws at once. On a trip whose owner is on Free, the
 * drawing shows read only with what upgrading gives.
 */
export function WhiteboardWidget({ widget, trip, expanded, live, onExpand }: Props) {
  const scene = useWhiteboardScene(trip.id, widget.id);
  const { user } = useAuth();
  useWhiteboardUpdates(live?.socket ?? null, trip.id, widget.id);

  if (isFirstLoad(scene)) return <WidgetLoading label="Loading the whiteboard" />;
  if (scene.isError || scene.isPending) {
    return <WidgetLoadError title="Could not load the whiteboard" query={scene} />;
  }
  const { elements, editable } = scene.data;

  if (expanded) {
    return (
      <EditorLoadBoundary>
        <Suspense fallback={<WidgetLoading label="Opening the whiteboard" />}>
          <WhiteboardEditor
            tripId={trip.id}
            widgetId={widget.id}
            title={widget.title}
            scene={scene.data}
            socket={live?.socket ?? null}
            members={live?.members ?? []}
            myUserId={user?.id ?? ''}
          />
        </Suspense>
      </EditorLoadBoundary>
    );
  }

  const drawn = elements.some((element) => !element.isDeleted);
  return (
    <div className="grid gap-2 p-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the drawing opens it too; the Open whiteboard button is the keyboard's way */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div
        onClick={onExpand}
        className="grid aspect-[16/10] w-full cursor-pointer place-items-center overflow-hidden rounded-lg border border-border bg-white p-2 transition-shadow hover:shadow-md"
      >
        {drawn ? (
          <ScenePreview
            tripId={trip.id}
            widgetId={widget.id}
            elements={elements}
            label={`The drawing on ${widget.title}`}
          />
        ) : (
          <span className="flex flex-col items-center gap-2 px-4 text-center text-sm text-slate-600">
            <PencilRuler aria-hidden className="size-7 text-slate-400" />
            {EMPTY_WHITEBOARD}
          </span>
        )}
      </div>
      <Button type="button" size="sm" className="justify-self-start" onClick={onExpand}>
        <PencilRuler aria-hidden /> {editable ? 'Open whiteboard' : 'Look closer'}
      </Button>
      {!editable && (
        <p className="text-xs text-muted-foreground">
          {WHITEBOARD_READ_ONLY} {WHITEBOARD_UPGRADE_NOTE}{' '}
          <Link to="/plans" className="rounded-sm font-medium text-primary hover:underline">
            See the plans
          </Link>
        </p>
      )}
    </div>
  );
}

/** The editor's script could not be loaded (offline, a new version deployed): say so, offer a reload. */
class EditorLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
      >
        <p className="font-medium">The whiteboard could not be opened.</p>
        <p className="text-sm text-muted-foreground">
          Please check your connection, then reload the page.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    );
  }
}
