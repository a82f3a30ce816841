import { useEffect, useRef } from 'react';

/**
 * Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, Ctrl+S saves, in any field (Cmd on a Mac).
 * `save` is undefined when the Save button is disabled (nothing to save, or a save under way):
 * Ctrl+S then does nothing, but still keeps the browser from offering to save the editor's own page.
 */
export function useUndoKeys(undo: () => void, redo: () => void, save?: () => void): void {
  // Read when the key is pressed: the actions change with every edit, the listener need not.
  const actions = useRef({ undo, redo, save });
  actions.current = { undo, redo, save };
  useEffect(() => {
    const keys = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        actions.current.undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        actions.current.redo();
      } else if (key === 's' && !event.shiftKey) {
        event.preventDefault();
        // A key held down repeats: one save is enough.
        if (!event.repeat) actions.current.save?.();
      }
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, []);
}
