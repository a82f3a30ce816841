import type { RefObject } from 'react';
import { fieldId } from './form/ui-schema';

/** Sent up from the form first, so that a pane out of view (a tab on a phone: EditorPanes.tsx) comes into view. */
export const REVEAL_FIELD = 'editor:reveal-field';

/**
 * Puts the cursor in the form's field at `path` (within the form), or in the nearest field
 * around it that is there, or else on the form itself. It waits a moment first: the form
 * of a block just chosen is not drawn yet.
 */
export function focusField(path: (string | number)[], form: RefObject<HTMLElement | null>): void {
  form.current?.dispatchEvent(new Event(REVEAL_FIELD, { bubbles: true }));
  setTimeout(() => {
    for (let length = path.length; length >= 0; length -= 1) {
      const element = document.getElementById(fieldId(path.slice(0, length)));
      const target = element?.matches('input, select, textarea, button')
        ? element
        : element?.querySelector<HTMLElement>('input, select, textarea, button');
      if (target) {
        target.focus();
        return;
      }
    }
    form.current?.focus();
  }, 50);
}
