import { useEffect } from 'react';

/** Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, in any field (Cmd on a Mac). */
export function useUndoKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const keys = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [undo, redo]);
}
