import { chakra, Tabs, useBreakpointValue } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { REVEAL_FIELD } from '../file/focus-field';
import { REVEAL_OUTLINE } from './back-to-list';

type Pane = 'blocks' | 'fields' | 'preview';

interface Panes {
  /** Below the `lg` breakpoint the panes are tabs, one in view at a time. */
  narrow: boolean;
  /** A block (or the page's settings) was chosen to be edited: on a narrow screen its fields come into view, with the focus. */
  chose: () => void;
}

const PanesContext = createContext<Panes>({ narrow: false, chose: () => undefined });

/** What the panes need to know of the layout around them. */
export const usePanes = (): Panes => useContext(PanesContext);

/**
 * The editor's three panes: the page's blocks (none for a file without blocks), the chosen
 * block's fields and the preview. On a wide screen they stand side by side, each scrolling on
 * its own. Below `lg` they are tabs (the arrow keys move between them), so that on a phone each
 * gets the whole width and nothing is a long column the window scrolls through: choosing a
 * block, here or in the preview, shows its fields, and so does the editor taking the cursor to
 * a field (a problem's "show"), whose form asks for it with REVEAL_FIELD.
 */
export function EditorPanes({ outline, fields, preview }: { outline: ReactNode | null; fields: ReactNode; preview: ReactNode }) {
  // Read at once (not after a first render at the default), so a phone never mounts the wide layout first.
  const narrow = useBreakpointValue({ base: true, lg: false }, { ssr: false }) ?? false;
  const [pane, setPane] = useState<Pane>(outline ? 'blocks' : 'fields');
  const [focusFields, setFocusFields] = useState(0);
  const fieldsPane = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panes = useMemo<Panes>(
    () => ({
      narrow,
      chose: () => {
        if (!narrow) return;
        setPane('fields');
        // The chosen block's button (or the frame) leaves the view: the focus goes to what came in, never to the page's body.
        setFocusFields((count) => count + 1);
      },
    }),
    [narrow],
  );

  // Once the tabs show the fields' panel (a frame after its value changes), on the form's own box, which a script can focus.
  useEffect(() => {
    if (focusFields === 0) return;
    let frame = 0;
    let tries = 10;
    const focus = (): void => {
      // A field there took the cursor already (Enter on a block puts it in the block's first field: focus-field.ts): it keeps it.
      if (fieldsPane.current?.contains(document.activeElement)) return;
      const element = fieldsPane.current?.querySelector<HTMLElement>('[tabindex]');
      element?.focus({ preventScroll: true });
      if (element && document.activeElement !== element && --tries > 0) frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, [focusFields]);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const reveal = (): void => setPane('fields');
    // Asked only by the fields of a page with blocks (back-to-list.ts), so the list is there.
    const revealOutline = (): void => setPane('blocks');
    element.addEventListener(REVEAL_FIELD, reveal);
    element.addEventListener(REVEAL_OUTLINE, revealOutline);
    return () => {
      element.removeEventListener(REVEAL_FIELD, reveal);
      element.removeEventListener(REVEAL_OUTLINE, revealOutline);
    };
  }, []);

  return (
    <PanesContext.Provider value={panes}>
      {/* No box of its own: it is here to hear the form ask for its pane, whichever layout it is in. */}
      <chakra.div ref={root} display="contents">
        {narrow ? (
          <Tabs.Root
            recipe={tabsSlotRecipe}
            variant="subtle"
            size="sm"
            fitted
            value={pane}
            onValueChange={({ value }) => setPane(value as Pane)}
          >
            <Tabs.List
              aria-label="Parts of the editor"
              position="sticky"
              top="0"
              zIndex="docked"
              gap="1"
              p="1"
              bg="surface.page"
              borderBottomWidth="1px"
              borderColor="line.subtle"
            >
              {outline ? <Tabs.Trigger value="blocks">Blocks</Tabs.Trigger> : null}
              <Tabs.Trigger value="fields">Fields</Tabs.Trigger>
              <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
            </Tabs.List>
            {outline ? (
              <Tabs.Content value="blocks" pt="0">
                {outline}
              </Tabs.Content>
            ) : null}
            <Tabs.Content value="fields" pt="0" ref={fieldsPane}>
              {fields}
            </Tabs.Content>
            <Tabs.Content value="preview" pt="0">
              {preview}
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          <chakra.div
            display="grid"
            gridTemplateColumns={outline ? '18rem minmax(22rem, 1fr) 1.4fr' : 'minmax(22rem, 1fr) 1.4fr'}
            minH="0"
            overflow="hidden"
          >
            {outline}
            {fields}
            {preview}
          </chakra.div>
        )}
      </chakra.div>
    </PanesContext.Provider>
  );
}
