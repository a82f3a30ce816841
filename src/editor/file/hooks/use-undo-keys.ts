import { useLayoutEffect } from 'react';

/**
 * Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, Ctrl+S saves, in any field (Cmd on a Mac).
 * `save` is undefined when the Save button is disabled (nothing to save, or a save under way):
 * Ctrl+S then does nothing, but still keeps the browser from offering to save the editor's own page.
 */
export function useUndoKeys(undo: () => void, redo: () => void, save?: () => void): void {
  // The actions change with every edit: the listener is made again with each render's, as the
  // render is put on screen (a layout effect), so a key pressed next acts on the draft as shown.
  useLayoutEffect(() => {
    const keys = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      } else if (key === 's' && !event.shiftKey) {
        event.preventDefault();
        // A key held down repeats: one save is enough.
        if (!event.repeat) save?.();
      }
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [undo, redo, save]);
}
