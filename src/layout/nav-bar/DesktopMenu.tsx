import { chakra } from '@chakra-ui/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MenuEntry } from '../../generated/schema-types';
import { MenuGroups } from './MenuGroups';

/** The panel's groups, headings and links (MenuGroups), styled from the panel. */
const groupsStyle = {
  '& > div': { minW: '48' },
  '& p': { px: '3', pb: '1', textStyle: 'eyebrow', color: 'text.muted' },
  '& ul': { listStyle: 'none' },
  '& a': {
    display: 'block',
    px: '3',
    py: '2',
    borderRadius: 'md',
    color: 'text.body',
    textStyle: 'small',
    _hover: { bg: 'brand.subtle', color: 'brand.fg' },
    _currentPage: { color: 'brand.fg', fontWeight: '650' },
  },
} as const;

/** The least room kept between an open panel and the window's edges, in px. */
const EDGE = 16;

/**
 * One menu of the desktop bar, as a disclosure (the WAI pattern for site navigation): a
 * button with aria-expanded controls a list of links. It opens on hover, on click, and from
 * the keyboard (Enter, Space, ArrowDown); Escape closes it and returns focus to the button.
 */
export function DesktopMenu({
  item,
  currentPath,
  openId,
  setOpenId,
  scrolled,
}: {
  item: MenuEntry;
  currentPath: string;
  openId: string | null;
  setOpenId: (id: string | null) => void;
  /** The bar is white once scrolled: the open menu's highlight follows. */
  scrolled: boolean;
}) {
  const id = useId();
  const open = openId === id;
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [focusFirst, setFocusFirst] = useState(false);

  useEffect(() => {
    if (open && focusFirst) panel.current?.querySelector('a')?.focus();
    if (focusFirst) setFocusFirst(false);
  }, [open, focusFirst]);

  // An open panel stays inside the window: it starts under its button and moves left as far as
  // it must (a panel wider than the window is as wide as the window, its groups wrapping), and
  // one taller than the room under the bar (a laptop's short window) scrolls inside itself.
  useLayoutEffect(() => {
    const element = panel.current;
    const list = element?.firstElementChild as HTMLElement | null | undefined;
    if (!open || !element || !list) return;
    element.style.left = '0px';
    const box = element.getBoundingClientRect();
    const right = document.documentElement.clientWidth - EDGE;
    if (box.right > right) element.style.left = `${Math.max(right - box.right, EDGE - box.left)}px`;
    list.style.maxHeight = `${Math.max(window.innerHeight - list.getBoundingClientRect().top - EDGE, 160)}px`;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && open) {
      setOpenId(null);
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === trigger.current) {
      event.preventDefault();
      setOpenId(id);
      setFocusFirst(true);
    }
  };

  return (
    <chakra.li
      position="relative"
      onMouseEnter={() => setOpenId(id)}
      onMouseLeave={() => setOpenId(null)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
      }}
    >
      <chakra.button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpenId(open ? null : id)}
        display="flex"
        alignItems="center"
        gap="1"
        px="3"
        py="2"
        fontWeight="550"
        textStyle="small"
        color="inherit"
        borderRadius="md"
        cursor="pointer"
        _hover={{ bg: scrolled ? 'brand.subtle' : 'whiteAlpha.200' }}
        _expanded={{ bg: scrolled ? 'brand.subtle' : 'whiteAlpha.200', color: scrolled ? 'brand.fg' : undefined }}
        whiteSpace="nowrap"
      >
        {item.label}
        <chakra.span
          aria-hidden="true"
          fontSize="xs"
          transform={open ? 'rotate(180deg)' : undefined}
          transition="transform {durations.collapse}"
        >
          ▾
        </chakra.span>
      </chakra.button>
      <chakra.div
        ref={panel}
        id={`${id}-panel`}
        hidden={!open}
        position="absolute"
        top="100%"
        left="0"
        zIndex="dropdown"
        minW="64"
        // Its groups side by side (an absolute box would otherwise shrink to its narrow item,
        // stacking them into one tall column), wrapping only when the window is narrower.
        w="max-content"
        maxW={`calc(100vw - ${2 * EDGE}px)`}
        pt="2"
      >
        <chakra.div
          display="flex"
          flexWrap="wrap"
          gap="6"
          p="4"
          bg="white"
          borderRadius="lg"
          boxShadow="lg"
          borderWidth="1px"
          borderColor="line.subtle"
          overflowY="auto"
          overscrollBehavior="contain"
          css={groupsStyle}
        >
          <MenuGroups groups={item.groups} currentPath={currentPath} />
        </chakra.div>
      </chakra.div>
    </chakra.li>
  );
}
