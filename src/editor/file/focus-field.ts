import type { RefObject } from 'react';
import { fieldId } from '../form/ui-schema-of';

const CONTROLS = 'input:not([type="hidden"]), select, textarea, button';

/** The control to put the cursor in for the element of a field: itself, a choice's chosen option, or a group's first control. */
function controlOf(element: HTMLElement): HTMLElement | null {
  if (element.matches(CONTROLS)) return element;
  return element.querySelector<HTMLElement>('input[type="radio"]:checked') ?? element.querySelector<HTMLElement>(CONTROLS);
}

/**
 * The first field of a form: its first control, or, when that is a choice (radio buttons), the
 * option chosen in it. Not the first chosen option anywhere in the form, which can be a field far down.
 */
function firstControlOf(form: HTMLElement): HTMLElement | null {
  const first = form.querySelector<HTMLElement>(CONTROLS);
  if (!(first instanceof HTMLInputElement) || first.type !== 'radio') return first;
  return form.querySelector<HTMLElement>(`input[type="radio"][name="${CSS.escape(first.name)}"]:checked`) ?? first;
}

/** Sent up from the form first, so that a pane out of view (a tab on a phone: EditorPanes.tsx) comes into view. */
export const REVEAL_FIELD = 'editor:reveal-field';

/** How long a field not drawn yet is waited for before the nearest one that is takes the cursor. */
const WAIT_MS = 1000;

/**
 * Puts the cursor in the field at `path` (none: the first field) of the fields of `of` ("file", or a block's index)
 * (within the form: ["cards", 1, "title"], as located by form/locate-problem.ts), or in the
 * nearest field around it that is there, or else on the form itself. Every control's id is RJSF's for its path (root_cards_1_title). The form
 * of a block just chosen is not drawn yet (on a page just opened, not for a while): the field
 * is looked for at each frame drawn, for up to a second, before settling for the nearest; so is
 * a field drawn in a pane not shown yet (a phone's Fields tab, switched to by REVEAL_FIELD),
 * which cannot take the cursor until it is.
 */
export function focusField(path: (string | number)[], form: RefObject<HTMLElement | null>, of: string): void {
  form.current?.dispatchEvent(new Event(REVEAL_FIELD, { bubbles: true }));
  const started = performance.now();
  /** The control at the first `length` steps of the path, in the fields of `of` (those of another block share the ids). */
  const control = (length: number): HTMLElement | null => {
    const box = form.current;
    if (box?.dataset.fieldsOf !== of) return null;
    // No path: the form's first field (the form as a whole has no id of its own).
    if (path.length === 0) {
      const form = box.querySelector<HTMLElement>('form');
      return form && firstControlOf(form);
    }
    const element = box.querySelector<HTMLElement>(`#${CSS.escape(fieldId(path.slice(0, length)))}`);
    return element && controlOf(element);
  };
  const attempt = (): void => {
    const exact = control(path.length);
    exact?.focus();
    // Drawn but not taking the cursor yet: in a pane still hidden (a phone's tab not switched yet, as on a busy machine).
    if (exact && document.activeElement === exact) return;
    if (performance.now() - started < WAIT_MS) {
      requestAnimationFrame(attempt);
    } else {
      const nearest = [...path.keys()].reverse().map(control).find(Boolean);
      (exact ?? nearest ?? form.current)?.focus();
    }
  };
  // A frame first: the form of a block chosen with this very call is drawn by then at the soonest.
  requestAnimationFrame(attempt);
}
