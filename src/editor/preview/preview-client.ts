/**
 * The script of the editor's preview frame. The page inside is the site's own render of the
 * draft, with its islands brought to life by the site's own island runtime. When the draft changes the
 * editor sends the new render; it replaces the page in place (no reload, so the frame keeps
 * its scroll position) and the islands hydrate again. A click on a block tells the editor
 * which one it was; links do not navigate away from the draft.
 */
import type { PreviewMessage } from '../../content/api-types';

// The page's components read the address (the navigation marks the current page): the frame
// takes the address of the page it shows before anything hydrates.
const script = document.querySelector<HTMLScriptElement>('script[data-route]');
if (script?.dataset.route) history.replaceState(null, '', script.dataset.route);
// The site's island runtime brings the islands to life, as on the site. It is loaded once the
// first render is in place: the page shows as soon as its HTML is in, and the client's code
// is run after, not before, as it shares the editor's main thread. Each later render is put in
// place at once too, and its islands start once the runtime has loaded.
type Runtime = typeof import('../../client/start-islands');
let runtime: Promise<Runtime> | undefined;
let loaded: Runtime | undefined;
function hydrate(within: ParentNode): void {
  runtime ??= import('../../client/start-islands').then((module) => {
    loaded = module;
    return module;
  });
  void runtime.then(({ startIslands }) => startIslands(within));
}

const HIGHLIGHT = 'data-editor-selected';

function post(message: PreviewMessage): void {
  window.parent.postMessage(message, window.location.origin);
}

/** The first element of a block's marker (which has no box of its own). */
function blockElement(index: number): HTMLElement | null {
  const marker = document.querySelector<HTMLElement>(`[data-editor-block="${index}"]`);
  return (marker?.querySelector<HTMLElement>(':scope > *') ?? null) as HTMLElement | null;
}

/**
 * Scrolls the frame, and the frame alone, the least that shows `element` (its top when it is
 * taller than the frame). scrollIntoView would scroll every scrolling box around the frame too:
 * the editor's own window jumped to the preview when a page opened on a phone.
 */
function reveal(element: HTMLElement): void {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.height > window.innerHeight) window.scrollBy({ top: box.top, behavior: 'instant' });
  else if (box.bottom > window.innerHeight) window.scrollBy({ top: box.bottom - window.innerHeight, behavior: 'instant' });
}

function highlight(index: number | null, scroll: boolean): void {
  for (const element of document.querySelectorAll(`[${HIGHLIGHT}]`)) element.removeAttribute(HIGHLIGHT);
  if (index === null) return;
  const element = blockElement(index);
  if (!element) return;
  element.setAttribute(HIGHLIGHT, '');
  if (scroll) reveal(element);
}

/**
 * Puts a render's style tags in the place of the old render's. Chakra orders its cascade
 * layers (reset, base, tokens, recipes) by the first rule that names one, and the page's global
 * styles name them all in that order: they must stay ahead of every style tag an island's own
 * cache added in the meantime (each names only "recipes"). Appended after those, they left
 * "recipes" first and so under the reset, which then won: a new page's sections lost their
 * padding at its next whole render, until a reload.
 */
function replacePageStyles(head: string): void {
  const old = [...document.head.querySelectorAll('style[data-emotion*=" "], link[rel="modulepreload"]')];
  // Where the old render's styles began; for a first render, before any tag the islands added.
  const place = old[0] ?? document.head.querySelector('style[data-emotion]');
  const styles = document.createElement('template');
  styles.innerHTML = head;
  document.head.insertBefore(styles.content, place);
  for (const element of old) element.remove();
}

const style = document.createElement('style');
style.textContent = `[${HIGHLIGHT}]{outline:3px solid #3b5bdb;outline-offset:-3px}`;
document.head.append(style);

let selected: number | null = null;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

window.addEventListener('message', (event: MessageEvent<PreviewMessage>) => {
  if (event.origin !== window.location.origin || event.source !== window.parent) return;
  const message = event.data;
  if (message.type === 'render' && message.only !== undefined) {
    // One block changed: its new render takes the old one's place; the rest of the page, and
    // the state of its islands, stay as they are.
    const marker = document.querySelector(`[data-editor-block="${message.only}"]`);
    if (marker) {
      // Islands start only once the runtime has loaded: until then there is nothing to stop.
      loaded?.stopIslands(marker);
      // Its styles join the page's, each set once (typing in a field would otherwise pile them up).
      const styles = document.createElement('template');
      styles.innerHTML = message.head;
      for (const element of styles.content.querySelectorAll('style[data-emotion]')) {
        const key = element.getAttribute('data-emotion') ?? '';
        if (![...document.head.querySelectorAll('style[data-emotion]')].some((old) => old.getAttribute('data-emotion') === key))
          document.head.append(element);
      }
      const template = document.createElement('template');
      template.innerHTML = message.body;
      // The block's marker; anything React put before it (preload links, style tags) goes to the head.
      const replacement = template.content.querySelector(`[data-editor-block="${message.only}"]`);
      for (const element of template.content.querySelectorAll(':scope > link, :scope > style')) document.head.append(element);
      if (replacement) {
        marker.replaceWith(replacement);
        hydrate(replacement);
      }
    }
    highlight(selected, false);
    post({ type: 'rendered' });
  } else if (message.type === 'render') {
    loaded?.stopIslands();
    if (window.location.pathname !== message.route) history.replaceState(null, '', message.route);
    replacePageStyles(message.head);
    const root = document.getElementById('root');
    if (root) root.innerHTML = message.body;
    highlight(selected, false);
    post({ type: 'rendered' });
    // After the page is drawn (a task of its own), not before.
    setTimeout(() => hydrate(document), 0);
  } else if (message.type === 'ready?') {
    post({ type: 'ready' });
  } else if (message.type === 'highlight') {
    selected = message.index;
    highlight(message.index, true);
  } else if (message.type === 'enter') {
    // The editor keeps the frame out of its Tab order; entered, the page's first control takes the focus.
    const first = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].find((element) => element.getClientRects().length > 0);
    (first ?? document.body).focus({ preventScroll: true });
  }
});

// Escape gives the focus back to the editor, unless the page used it (a menu closing).
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !event.defaultPrevented) post({ type: 'leave' });
});

document.addEventListener(
  'click',
  (event) => {
    const target = event.target as Element | null;
    // The draft is the only page here: links do not navigate.
    if (target?.closest('a[href]')) event.preventDefault();
    const marker = target?.closest<HTMLElement>('[data-editor-block]');
    if (!marker) return;
    const index = Number(marker.dataset.editorBlock);
    selected = index;
    highlight(index, false);
    post({ type: 'select', index });
  },
  true,
);

// Ready for the first render: the page needs only its HTML and styles to show.
post({ type: 'ready' });
