import type { RefObject } from 'react';
import { fieldId } from './form/ui-schema';

const CONTROLS = 'input:not([type="hidden"]), select, textarea, button';

/** The control to put the cursor in for the element of a field: itself, a choice's chosen option, or a group's first control. */
function controlOf(element: HTMLElement): HTMLElement | null {
  if (element.matches(CONTROLS)) return element;
  return element.querySelector<HTMLElement>('input[type="radio"]:checked') ?? element.querySelector<HTMLElement>(CONTROLS);
}

/** Sent up from the form first, so that a pane out of view (a tab on a phone: EditorPanes.tsx) comes into view. */
export const REVEAL_FIELD = 'editor:reveal-field';

/**
 * Puts the cursor in the form's field at `path` (within the form: ["cards", 1, "title"], as
 * located by form/problem-place.ts), or in the nearest field around it that is there, or else
 * on the form itself. Every control's id is RJSF's for its path (root_cards_1_title). It
 * waits a moment first: the form of a block just chosen is not drawn yet.
 */
export function focusField(path: (string | number)[], form: RefObject<HTMLElement | null>): void {
  form.current?.dispatchEvent(new Event(REVEAL_FIELD, { bubbles: true }));
  setTimeout(() => {
    for (let length = path.length; length >= 0; length -= 1) {
      const element = document.getElementById(fieldId(path.slice(0, length)));
      const target = element && controlOf(element);
      if (target) {
        target.focus();
        return;
      }
    }
    form.current?.focus();
  }, 50);
}
