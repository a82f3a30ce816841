/**
 * The script of the editor's preview frame. The page inside is the site's own render of the
 * draft, with its islands hydrated by the site's own client entry. When the draft changes the
 * editor sends the new render; it replaces the page in place (no reload, so the frame keeps
 * its scroll position) and the islands hydrate again. A click on a block tells the editor
 * which one it was; links do not navigate away from the draft.
 */
import type { PreviewMessage } from '../api-types';

// The page's components read the address (the navigation marks the current page): the frame
// takes the address of the page it shows before anything hydrates.
const script = document.querySelector<HTMLScriptElement>('script[data-route]');
if (script?.dataset.route) history.replaceState(null, '', script.dataset.route);
// Loaded after the listeners below are in place, so no early click follows a link away.
const client = import('../../client/entry-client');

const HIGHLIGHT = 'data-editor-selected';

function post(message: PreviewMessage): void {
  window.parent.postMessage(message, window.location.origin);
}

/** The first element of a block's marker (which has no box of its own). */
function blockElement(index: number): HTMLElement | null {
  const marker = document.querySelector<HTMLElement>(`[data-editor-block="${index}"]`);
  return (marker?.querySelector<HTMLElement>(':scope > *') ?? null) as HTMLElement | null;
}

function highlight(index: number | null, scroll: boolean): void {
  for (const element of document.querySelectorAll(`[${HIGHLIGHT}]`)) element.removeAttribute(HIGHLIGHT);
  if (index === null) return;
  const element = blockElement(index);
  if (!element) return;
  element.setAttribute(HIGHLIGHT, '');
  if (scroll) element.scrollIntoView({ block: 'nearest', behavior: 'instant' });
}

const style = document.createElement('style');
style.textContent = `[${HIGHLIGHT}]{outline:3px solid #3b5bdb;outline-offset:-3px}`;
document.head.append(style);

let selected: number | null = null;

window.addEventListener('message', async (event: MessageEvent<PreviewMessage>) => {
  if (event.origin !== window.location.origin || event.source !== window.parent) return;
  const message = event.data;
  if (message.type === 'render' && message.only !== undefined) {
    // One block changed: its new render takes the old one's place; the rest of the page, and
    // the state of its islands, stay as they are.
    const { hydrateIslands, unmountIslands } = await client;
    const marker = document.querySelector(`[data-editor-block="${message.only}"]`);
    if (marker) {
      unmountIslands(marker);
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
        hydrateIslands(replacement);
      }
    }
    highlight(selected, false);
    post({ type: 'rendered' });
  } else if (message.type === 'render') {
    const { hydrateIslands, unmountIslands } = await client;
    unmountIslands();
    if (window.location.pathname !== message.route) history.replaceState(null, '', message.route);
    // The server's style tags of the old render go; those of the new one come in.
    for (const element of document.head.querySelectorAll('style[data-emotion*=" "], link[rel="modulepreload"]')) element.remove();
    document.head.insertAdjacentHTML('beforeend', message.head);
    const root = document.getElementById('root');
    if (root) root.innerHTML = message.body;
    hydrateIslands(document);
    highlight(selected, false);
    post({ type: 'rendered' });
  } else if (message.type === 'highlight') {
    selected = message.index;
    highlight(message.index, true);
  }
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

await client;
post({ type: 'rendered' });
