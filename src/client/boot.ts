/**
 * The page's one script tag. It brings the page's islands to life (src/client/start-islands.ts):
 * the navigation bar and the other islands with scripts of their own need no framework, and
 * React loads only when an island that needs it nears the viewport. The script tag lists, in
 * `data-modules`, the modules the page needs at once (the scripts of the islands at its top):
 * they are fetched side by side once the page has painted, not one after the other.
 *
 * It also serves every button that opens a dialog (plain HTML with `data-opens`), from the
 * first moment: the dialog code loads on the first sign of intent (the pointer over such a
 * button, or the focus on it), or at the latest on the press.
 */
import type { DialogKind } from '../dialogs/DialogHost';
import { startIslands } from './start-islands';
import '../theme/fonts.css';

const script = document.querySelector<HTMLScriptElement>('script[data-modules]');

function start(): void {
  for (const href of script?.dataset.modules?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  startIslands();
}

// The HTML and its CSS are the whole first view (prerendered, and the bar's menus work from
// CSS alone until its script runs): the islands start once that first frame is drawn, so the
// network carries the text, the fonts and the first images first. A frame callback runs just
// before a frame is drawn; one asked for from there runs once it is on screen. A page opened
// in a background tab draws nothing until shown, so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => requestAnimationFrame(start));

/** A button that opens a dialog, at or around the target of an event. */
const opener = (event: Event): HTMLElement | null | undefined =>
  event.target instanceof Element ? event.target.closest<HTMLElement>('[data-opens]') : undefined;

let dialogCode: Promise<typeof import('../dialogs/open-dialog')> | undefined;
/** The dialog code, fetched once; a fetch that failed is tried again on the next sign or press. */
function loadDialogs(): Promise<typeof import('../dialogs/open-dialog')> {
  dialogCode ??= import('../dialogs/open-dialog').catch((error: unknown) => {
    dialogCode = undefined;
    throw error;
  });
  return dialogCode;
}

// The first sign that a visitor means to press one (the pointer over it, the focus on it)
// fetches the dialog code, so that the press opens the dialog at once.
for (const type of ['pointerover', 'focusin'] as const)
  document.addEventListener(type, (event) => void (opener(event) && loadDialogs().catch(() => undefined)), { passive: true });

document.addEventListener('click', (event) => {
  const trigger = opener(event);
  const mount = document.querySelector<HTMLElement>('[data-dialog-mount]');
  if (!trigger || !mount) return;
  event.preventDefault();
  const kind = trigger.dataset.opens as DialogKind;
  void loadDialogs().then(({ openDialog }) => openDialog(kind, mount));
});
