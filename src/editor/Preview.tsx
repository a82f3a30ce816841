import { Button, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { api } from './api';
import { PREVIEW, type PreviewMessage } from './api-types';

const WIDTHS = [
  { name: 'Phone', width: 390 },
  { name: 'Tablet', width: 768 },
  { name: 'Desktop', width: 1280 },
] as const;

/** How long the draft must rest before the preview renders it again. */
const SETTLE_MS = 40;

/**
 * The one block that changed between two drafts of a page, when nothing else did: the
 * preview then renders that block alone. Null when the page must be rendered whole (another
 * field, blocks added, removed or moved, or a change to the first block's type or level,
 * which decide whether the page opens with its own header).
 */
function onlyChangedBlock(before: unknown, after: unknown): number | null {
  if (typeof before !== 'object' || typeof after !== 'object' || !before || !after) return null;
  const { blocks: old, ...oldRest } = before as { blocks?: { type?: unknown; level?: unknown }[] };
  const { blocks: next, ...nextRest } = after as { blocks?: { type?: unknown; level?: unknown }[] };
  if (!Array.isArray(old) || !Array.isArray(next) || old.length !== next.length) return null;
  if (JSON.stringify(oldRest) !== JSON.stringify(nextRest)) return null;
  const changed = next.flatMap((block, index) => (JSON.stringify(block) === JSON.stringify(old[index]) ? [] : [index]));
  const [index] = changed;
  if (changed.length !== 1 || index === undefined || old[index]?.type !== next[index]?.type) return null;
  if (index === 0 && old[0]?.level !== next[0]?.level) return null;
  return index;
}

/**
 * The draft as the site's own renderer draws it, in a frame: each change is rendered by the
 * server (nothing is written) and put in place without a reload, islands hydrated. Widths of
 * a phone, a tablet and a desktop; a click on a block selects it.
 */
export function Preview({
  path,
  value,
  selected,
  onSelect,
  onRendered,
}: {
  path: string;
  value: unknown;
  selected: number | null;
  onSelect: (index: number) => void;
  onRendered?: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>(1280);
  const [available, setAvailable] = useState(800);
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState('');
  const latest = useRef(0);
  /** The draft the frame shows now, to tell what changed since. */
  const shown = useRef<unknown>(undefined);
  /** The draft last sent to the frame, and the one it has drawn (it says so once done). */
  const sent = useRef<unknown>(undefined);
  const [drawn, setDrawn] = useState<unknown>(undefined);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 800));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const listen = (event: MessageEvent<PreviewMessage>): void => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data.type === 'select') onSelect(event.data.index);
      if (event.data.type === 'rendered') {
        setReady(true);
        setDrawn(sent.current);
        onRendered?.();
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onSelect, onRendered]);

  useEffect(() => {
    if (!ready) return;
    const request = ++latest.current;
    const timer = setTimeout(() => {
      const only = shown.current === undefined ? null : onlyChangedBlock(shown.current, value);
      api
        .render(path, value, only ?? undefined)
        .then((rendered) => {
          if (request !== latest.current) return;
          shown.current = value;
          sent.current = value;
          setMessage(rendered.message ?? '');
          frame.current?.contentWindow?.postMessage(
            {
              type: 'render',
              route: rendered.route,
              body: rendered.body,
              head: rendered.head,
              ...(rendered.only === undefined ? {} : { only: rendered.only }),
            } satisfies PreviewMessage,
            window.location.origin,
          );
        })
        .catch((error: Error) => setMessage(`The preview could not be drawn: ${error.message}`));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [path, value, ready]);

  useEffect(() => {
    if (ready)
      frame.current?.contentWindow?.postMessage({ type: 'highlight', index: selected } satisfies PreviewMessage, window.location.origin);
  }, [selected, ready]);

  const scale = Math.min(1, available / width);
  return (
    <chakra.section aria-label="Preview" display="grid" gridTemplateRows="auto 1fr" minH="0" h={{ base: '85dvh', lg: 'full' }}>
      <chakra.div display="flex" gap="2" alignItems="center" p="2" borderBottomWidth="1px" borderColor="line.subtle">
        <chakra.span textStyle="small" fontWeight="650" me="auto">
          Preview
        </chakra.span>
        <chakra.div role="group" aria-label="Preview width" display="flex" gap="1">
          {WIDTHS.map((option) => (
            <Button
              key={option.name}
              size="xs"
              variant={width === option.width ? 'solid' : 'outline'}
              aria-pressed={width === option.width}
              onClick={() => setWidth(option.width)}
            >
              {option.name}
            </Button>
          ))}
        </chakra.div>
      </chakra.div>
      {/* Focusable, so the preview can be scrolled from the keyboard too. */}
      <chakra.div
        ref={box}
        role="region"
        aria-label={`The page at ${WIDTHS.find((option) => option.width === width)?.name.toLowerCase()} width`}
        tabIndex={0}
        position="relative"
        overflow="auto"
        bg="surface.sunken"
        minH="0"
      >
        {message ? (
          <chakra.p role="status" p="3" textStyle="small">
            {message}
          </chakra.p>
        ) : null}
        <chakra.div style={{ width: width * scale, height: `${100 / scale}%` }} mx="auto">
          <chakra.iframe
            ref={frame}
            title="Preview of the page"
            src={`${PREVIEW}?path=${encodeURIComponent(path)}`}
            style={{ width, height: `${100 / scale}%`, transform: `scale(${scale})`, transformOrigin: '0 0' }}
            minH="40rem"
            border="0"
            bg="white"
            data-preview=""
            data-ready={ready ? '' : undefined}
            // Present while the frame shows exactly the draft being edited.
            data-drawn={drawn !== undefined && drawn === value ? '' : undefined}
          />
        </chakra.div>
      </chakra.div>
    </chakra.section>
  );
}
