import { useEffect } from 'react';

/** Whether a key press belongs to a text field (where M types an M). */
function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="textbox"]') !== null
  );
}

/** The M key mutes and unmutes while `joined`, unless it is typed into a text field. */
export function useMuteShortcut(joined: boolean, toggleMute: () => void) {
  useEffect(() => {
    if (!joined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'm' && event.key !== 'M') return;
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      toggleMute();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [joined, toggleMute]);
}
