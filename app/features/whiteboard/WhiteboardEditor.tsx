import '@excalidraw/excalidraw/index.css';
import { Excalidraw } from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { Download } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';
import type { PresenceMember } from '../../../shared/contracts/live';
import { WHITEBOARD_MESSAGES, type WhiteboardScene } from '../../../shared/contracts/whiteboard';
import type { LiveSocket } from '../live/useLiveSocket';
import { type SceneElement, withoutDeletedStubs } from './sceneCache';
import { useCollaborators } from './useCollaborators';
import { download, exportDrawing, newPictureId, usePictureFiles } from './usePictureFiles';
import { type SaveState, safelyRestored, useSceneSync } from './useSceneSync';
import { useTextFit } from './useTextFit';

type Props = {
  tripId: string;
  widgetId: string;
  title: string;
  scene: WhiteboardScene;
  socket: LiveSocket | null;
  members: PresenceMember[];
  myUserId: string;
};

const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'All changes saved',
  saving: 'Saving…',
  offline: 'Offline: your drawing is kept here and sent when the connection is back',
};

/**
 * The whiteboard's full editor (issue #22): Excalidraw, loaded only when a whiteboard is opened.
 * My edits go to the server as deltas over the trip's live connection, and the others' are
 * reconciled into mine (useSceneSync.ts); pictures go up and come down (usePictureFiles.ts); the
 * others' pointers show on the canvas (useCollaborators.ts). Their changes never enter my undo
 * history: undo is per person. Pointers are relayed, never stored.
 */
export default function WhiteboardEditor({
  tripId,
  widgetId,
  title,
  scene,
  socket,
  members,
  myUserId,
}: Props) {
  const editable = scene.editable;
  const { resolvedTheme } = useTheme();
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // The canvas says nothing to a screen reader: how much is drawn, said in words.
  const [shapes, setShapes] = useState(() => scene.elements.filter((e) => !e.isDeleted).length);
  // Excalidraw reads it once.
  const [initialData] = useState(() => ({
    elements: safelyRestored(withoutDeletedStubs(scene.elements as SceneElement[], new Map())),
    appState: { viewBackgroundColor: '#ffffff' },
    scrollToContent: true,
  }));

  const { loadPictures, uploadNewPictures } = usePictureFiles({
    api,
    tripId,
    widgetId,
    scene,
    onProblem: setProblem,
  });
  const { saveState, scheduleFlush, openScene, sendWhatIsLeft, showInPreview, editedHere } =
    useSceneSync({
      api,
      tripId,
      widgetId,
      scene,
      socket,
      loadPictures,
      onProblem: setProblem,
    });
  // A text measured before its font had loaded is shown cut off unless measured again.
  const fitTexts = useTextFit({ api, editedHere });
  const { here, handlePointerUpdate, leaveBoard } = useCollaborators({
    api,
    socket,
    tripId,
    widgetId,
    myUserId,
    members,
  });

  // Closing the editor: what is left is sent, my pointer leaves, and the preview shows my drawing.
  // A layout effect: its cleanup runs before Excalidraw's own unmounting empties its scene.
  useLayoutEffect(() => {
    if (!api) return;
    openScene();
    return () => {
      const left = sendWhatIsLeft(api);
      leaveBoard();
      showInPreview(left);
    };
  }, [api, openScene, sendWhatIsLeft, leaveBoard, showInPreview]);

  async function exportAs(kind: 'png' | 'svg') {
    if (!api) return;
    setExporting(true);
    try {
      download(await exportDrawing(api, kind), `${title}.${kind}`);
    } catch {
      setProblem('The drawing could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-border/60 px-3 py-2 text-sm">
        <p
          aria-live="polite"
          className="w-full min-w-0 truncate text-muted-foreground sm:w-auto sm:flex-1"
        >
          {shapes === 1 ? '1 shape' : `${shapes} shapes`} ·{' '}
          {editable ? SAVE_STATE_TEXT[saveState] : WHITEBOARD_MESSAGES.planRequired}
        </p>
        {here.length > 0 && (
          <ul aria-label="Drawing with you" className="flex items-center gap-1">
            {here.map((person) => (
              <li
                key={person.id}
                className="max-w-32 truncate rounded-full px-2 py-0.5 text-xs font-medium text-white"
                style={{ background: person.colour }}
              >
                {person.name}
              </li>
            ))}
          </ul>
        )}
        {(['png', 'svg'] as const).map((kind) => (
          <Button
            key={kind}
            type="button"
            variant="outline"
            size="sm"
            disabled={!api || exporting}
            onClick={() => void exportAs(kind)}
          >
            <Download aria-hidden /> {kind.toUpperCase()}
            <span className="sr-only"> (export the drawing)</span>
          </Button>
        ))}
      </div>
      {problem && (
        <div
          role="alert"
          className="flex items-start gap-2 border-b border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <p className="flex-1">{problem}</p>
          <button
            type="button"
            className="rounded-sm font-medium underline-offset-2 hover:underline"
            onClick={() => setProblem(null)}
          >
            Dismiss
          </button>
        </div>
      )}
      {/* Escape belongs to the editor here (deselecting, leaving a tool), not to the overlay. */}
      <div data-owns-escape className="relative min-h-0 flex-1">
        <Excalidraw
          excalidrawAPI={setApi}
          initialData={initialData}
          isCollaborating
          autoFocus
          aiEnabled={false}
          generateIdForFile={newPictureId}
          viewModeEnabled={!editable}
          theme={resolvedTheme}
          name={title}
          UIOptions={{
            canvasActions: {
              loadScene: false,
              saveToActiveFile: false,
              export: false,
              toggleTheme: null,
            },
          }}
          onChange={(elements, appState, files) => {
            setShapes(elements.filter((element) => !element.isDeleted).length);
            // Before the read-only return: a read-only drawing's texts are fitted here too.
            fitTexts(appState);
            if (!editable) return;
            scheduleFlush();
            uploadNewPictures(files);
          }}
          onPointerUpdate={handlePointerUpdate}
        />
      </div>
    </div>
  );
}
