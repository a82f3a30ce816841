import { Button, chakra } from '@chakra-ui/react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { api } from '../app/api';
import { PREVIEW } from '../../content/api-routes';
import type { PreviewMessage } from '../../content/api-types';
import { usePanes } from '../app/EditorPanes';
import { useOtherDrafts } from './hooks/use-other-drafts';

const WIDTHS = [
  { name: 'Phone', width: 390 },
  { name: 'Tablet', width: 768 },
  { name: 'Desktop', width: 1280 },
] as const;

/** The widest of the widths that fits a narrow screen whole (a phone's on a phone), so the page is drawn at its real size. */
const fittingWidth = (): number =>
  WIDTHS.reduce((fitting, option) => (option.width <= window.innerWidth ? option.width : fitting), WIDTHS[0].width as number);

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
 * server (nothing is written) and put in place without a reload, islands hydrated. The drafts
 * of other files this browser keeps go along, so a page listing jobs shows them as drafted.
 * Widths of a phone, a tablet and a desktop (on a narrow screen, the widest that fits); a
 * click on a block selects it. The page's own links stay out of the editor's Tab order: "Enter
 * the preview" (shown when it has the focus) takes the keyboard in, and Escape brings it back.
 */
export function Preview({
  path,
  value,
  selected,
  onSelect,
  onRendered,
  label,
}: {
  path: string;
  value: unknown;
  selected: number | null;
  onSelect: (index: number) => void;
  onRendered?: () => void;
  /** What this preview shows, when it is not the draft ("Before: 3 Nov 2026"): its region's name and its frame's title. */
  label?: string;
}) {
  const { narrow, chose } = usePanes();
  const drafts = useOtherDrafts(path);
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const enter = useRef<HTMLButtonElement>(null);
  const escapeHint = useId();
  const [width, setWidth] = useState<number>(() => (narrow ? fittingWidth() : 1280));
  const [available, setAvailable] = useState(800);
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState('');
  const latest = useRef(0);
  /** The draft the frame shows now, and the other drafts it was drawn with, to tell what changed since. */
  const shown = useRef<unknown>(undefined);
  const shownDrafts = useRef(drafts);
  /** The whole render the frame shows: another tab's draft that changes nothing here is not drawn again. */
  const posted = useRef('');
  /** The draft last sent to the frame, and the one it has drawn (it says so once done). */
  const sent = useRef<unknown>(undefined);
  const [drawn, setDrawn] = useState<unknown>(undefined);
  /** The first render is asked for while the frame loads: one back before the frame is ready waits here. */
  const frameReady = useRef(false);
  const waiting = useRef<(() => void) | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // A pane out of view (a tab not chosen) measures 0: its last width stands until it is back.
    const observer = new ResizeObserver(([entry]) => entry?.contentRect.width && setAvailable(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const listen = (event: MessageEvent<PreviewMessage>): void => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data.type === 'select') {
        onSelect(event.data.index);
        chose();
      }
      if (event.data.type === 'leave') enter.current?.focus();
      if (event.data.type === 'ready' && !frameReady.current) {
        frameReady.current = true;
        setReady(true);
        const show = waiting.current;
        waiting.current = null;
        show?.();
      }
      if (event.data.type === 'rendered') {
        setDrawn(sent.current);
        onRendered?.();
      }
    };
    window.addEventListener('message', listen);
    // The frame says it listens as it starts; if that was before this listener, it says so again when asked.
    if (!frameReady.current) frame.current?.contentWindow?.postMessage({ type: 'ready?' } satisfies PreviewMessage, window.location.origin);
    return () => window.removeEventListener('message', listen);
  }, [onSelect, onRendered, chose]);

  // Each change of the draft is rendered at once, asked for before the editor's own screen is
  // painted (a layout effect: a passive one waits for the paint, which for a page just opened is
  // the whole editor's): a block renders in a few milliseconds, and an answer a newer draft overtook is dropped.
  useLayoutEffect(() => {
    const request = ++latest.current;
    const only = shown.current === undefined || shownDrafts.current !== drafts ? null : onlyChangedBlock(shown.current, value);
    api
      .render(path, value, only ?? undefined, drafts)
      .then((rendered) => {
        if (request !== latest.current) return;
        const show = (): void => {
          shown.current = value;
          shownDrafts.current = drafts;
          sent.current = value;
          setMessage(rendered.message ?? '');
          const whole = rendered.only === undefined ? `${rendered.route}\n${rendered.head}\n${rendered.body}` : '';
          if (whole && whole === posted.current) {
            setDrawn(value);
            return;
          }
          posted.current = whole;
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
        };
        if (frameReady.current) show();
        else waiting.current = show;
      })
      .catch((error: Error) => setMessage(`The preview could not be drawn: ${error.message}`));
  }, [path, value, drafts]);

  useEffect(() => {
    if (ready)
      frame.current?.contentWindow?.postMessage({ type: 'highlight', index: selected } satisfies PreviewMessage, window.location.origin);
  }, [selected, ready]);

  const scale = Math.min(1, available / width);
  /** The keyboard goes into the frame, where the page's first link or button takes it. */
  const enterFrame = (): void => {
    frame.current?.contentWindow?.focus();
    frame.current?.contentWindow?.postMessage({ type: 'enter' } satisfies PreviewMessage, window.location.origin);
  };
  return (
    <chakra.section
      aria-label={label ?? 'Preview'}
      display="grid"
      gridTemplateRows="auto 1fr"
      gridTemplateColumns="minmax(0, 1fr)"
      minH="0"
      h={{ base: '85dvh', lg: 'full' }}
      position="relative"
    >
      <chakra.div display="flex" flexWrap="wrap" gap="2" alignItems="center" p="2" borderBottomWidth="1px" borderColor="line.subtle">
        {/* On a narrow screen the tab above says it. */}
        <chakra.span textStyle="small" fontWeight="650" me="auto" srOnly={narrow}>
          {label ?? 'Preview'}
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
      {/* Out of sight until it has the focus, like a skip link: the mouse enters the frame by itself. */}
      <Button
        ref={enter}
        size="sm"
        onClick={enterFrame}
        aria-describedby={escapeHint}
        position="absolute"
        top="14"
        insetStart="2"
        zIndex="docked"
        css={{ '&:not(:focus)': { srOnly: true } }}
        data-enter-preview=""
      >
        Enter the preview
      </Button>
      <chakra.span id={escapeHint} hidden>
        The page’s links and buttons then take Tab; Escape comes back here.
      </chakra.span>
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
            title={label ?? 'Preview of the page'}
            src={`${PREVIEW}?path=${encodeURIComponent(path)}`}
            style={{ width, height: `${100 / scale}%`, transform: `scale(${scale})`, transformOrigin: '0 0' }}
            // Its links are not in the editor's Tab order ("Enter the preview" leads in): a Tab cycle would walk through every one.
            tabIndex={-1}
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
