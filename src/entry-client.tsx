import createCache from '@emotion/cache';
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandBody, idPrefixOf } from './runtime/island-body';
import { islands } from './runtime/islands';
import { logger } from './runtime/logger';
import { Providers } from './runtime/providers';
import '@fontsource-variable/inter/wght.css';

// Same key as the server's cache, so Emotion adopts the server's style tags instead of
// inserting the same rules again.
const cache = createCache({ key: 'css' });

/** Marks an island once React has committed its hydration: tests and tools wait for it. */
function MarkHydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => element.setAttribute('data-hydrated', ''), [element]);
  return children;
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = islands[name];
  if (!load) return logger.error(`No island named "${name}" in src/runtime/islands.ts`);
  const { default: component } = await load();
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  hydrateRoot(
    element,
    <Providers cache={cache}>
      <MarkHydrated element={element}>
        <IslandBody name={name} id={element.dataset.islandId ?? ''} component={component as never} props={props} notice={element.dataset.notice ?? ''} />
      </MarkHydrated>
    </Providers>,
    {
      identifierPrefix: idPrefixOf(element.dataset.islandId ?? ''),
      onRecoverableError: (error) => logger.error(`Hydration of island "${name}" recovered from an error`, error),
    },
  );
}

/**
 * Hydrates each island once it comes near the viewport, each in a task of its own, so the
 * main thread is never blocked for long and islands far down the page cost nothing until
 * the visitor scrolls to them. An island's wrapper has `display: contents` and so no box of
 * its own: its first element is what gets observed.
 */
const islandOf = new WeakMap<Element, HTMLElement>();
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const island = islandOf.get(entry.target);
      if (!entry.isIntersecting || !island) continue;
      observer.unobserve(entry.target);
      setTimeout(() => void hydrateIsland(island), 0);
    }
  },
  { rootMargin: '200px' },
);
for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const target = island.firstElementChild ?? island;
  islandOf.set(target, island);
  observer.observe(target);
}

/**
 * Buttons that open a dialog carry `data-opens` and are plain HTML: one listener on the
 * document serves them all, and the dialog code loads on the first press.
 */
document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest<HTMLElement>('[data-opens]');
  const mount = document.querySelector<HTMLElement>('[data-dialog-mount]');
  if (!trigger || !mount) return;
  event.preventDefault();
  const kind = trigger.dataset.opens as 'enquiry' | 'apply';
  void import('./dialogs/open-dialog').then(({ openDialog }) => openDialog(kind, mount));
});
