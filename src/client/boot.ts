/**
 * The page's one script tag. It lets the page paint first and fetches the runtime after:
 * the HTML and its CSS are the whole first view (prerendered), so the network carries the
 * text, the fonts and the first images before any JavaScript, and the code that hydrates
 * the islands comes right after the first frame. The script tag lists that code in
 * `data-modules`: the client entry first, then the chunks to fetch alongside it.
 *
 * It also serves every button that opens a dialog (plain HTML with `data-opens`), from the
 * first moment: the dialog code loads on the first sign of intent (the pointer over such a
 * button, or the focus on it), or at the latest on the press.
 */
import type { DialogKind } from '../dialogs/DialogHost';

const script = document.querySelector<HTMLScriptElement>('script[data-modules]');
const [entry, ...alongside] = script?.dataset.modules?.split(' ').filter(Boolean) ?? [];

function start(): void {
  for (const href of alongside) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (entry) void import(/* @vite-ignore */ entry);
}

// A frame callback runs just before a frame is drawn; one asked for from there runs once that
// first frame is on screen. A page opened in a background tab draws nothing until shown, so
// it starts at once.
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
