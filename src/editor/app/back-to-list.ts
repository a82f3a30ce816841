/** Sent up from the fields, so that the block list, when it is a tab out of view (a phone: EditorPanes.tsx, beside it), comes into view. */
export const REVEAL_OUTLINE = 'editor:reveal-outline';

/** How long the list is waited for to come into view (a phone's tab switching) before the cursor stays put. */
const WAIT_MS = 1000;

/**
 * Escape in a field: the cursor goes back to what the fields belong to in the block list (the
 * block's button, or Page settings), from where the arrow keys reach the next block to edit
 * and Enter opens it. `from`: the fields' box, which asks for the list's tab on a phone.
 */
export function backToList(from: HTMLElement, selected: number | 'file'): void {
  from.dispatchEvent(new Event(REVEAL_OUTLINE, { bubbles: true }));
  const wanted = selected === 'file' ? '[data-select-file]' : `[data-select-block="${selected}"]`;
  const started = performance.now();
  const attempt = (): void => {
    const button = document.querySelector<HTMLElement>(wanted);
    button?.focus();
    if (button && document.activeElement === button) return;
    if (performance.now() - started < WAIT_MS) requestAnimationFrame(attempt);
  };
  attempt();
}
