import { chakra } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import type { MenuEntry } from '../../generated/schema-types';
import { MenuGroups } from './MenuGroups';
import { Collapse } from './Collapse';

const rowStyle = {
  display: 'flex',
  w: 'full',
  justifyContent: 'space-between',
  alignItems: 'center',
  px: '4',
  py: '3',
  fontWeight: '600',
  color: 'text.body',
  textAlign: 'start',
  cursor: 'pointer',
  _currentPage: { color: 'brand.fg' },
} as const;

/** An entry's groups, headings and links (MenuGroups), styled from the element around them. */
const groupsStyle = {
  '& > div': { pb: '2' },
  '& p': { px: '6', pt: '2', pb: '1', textStyle: 'eyebrow', color: 'text.muted' },
  '& ul': { listStyle: 'none' },
  '& a': { display: 'block', px: '6', py: '2', color: 'text.body', _currentPage: { color: 'brand.fg', fontWeight: '650' } },
} as const;

/** One entry of the phone menu: a link, or a nested dropdown that collapses open in 300 ms. */
function MobileEntry({ item, currentPath }: { item: MenuEntry; currentPath: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (item.href) {
    return (
      <li>
        <chakra.a href={item.href} aria-current={item.href === currentPath ? 'page' : undefined} {...rowStyle}>
          {item.label}
        </chakra.a>
      </li>
    );
  }
  return (
    <li>
      <chakra.button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} {...rowStyle}>
        {item.label}
        <chakra.span aria-hidden="true" transform={open ? 'rotate(180deg)' : undefined} transition="transform {durations.collapse}">
          ▾
        </chakra.span>
      </chakra.button>
      <Collapse open={open} id={id}>
        <chakra.div css={groupsStyle}>
          <MenuGroups groups={item.groups} currentPath={currentPath} />
        </chakra.div>
      </Collapse>
    </li>
  );
}

/**
 * The phone menu: every entry, then the bar's button, which the bar hides on narrow screens.
 * Its entries are drawn when it first opens, and kept after it closes (so it collapses with
 * them in view): every page hydrates the bar, and the entries would be half of its elements,
 * for a menu that only a visitor on a narrow screen with JavaScript can open. The desktop
 * menus keep every link in the page's HTML.
 */
export function MobileMenu({
  id,
  open,
  items,
  currentPath,
  action,
}: {
  id: string;
  open: boolean;
  items: MenuEntry[];
  currentPath: string;
  action: ReactNode;
}) {
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);
  return (
    <chakra.div
      hideFrom="xl"
      position="absolute"
      top="100%"
      left="0"
      right="0"
      bg="white"
      boxShadow="lg"
      maxH="calc(100dvh - 4rem)"
      overflowY="auto"
    >
      <Collapse open={open} id={id}>
        {drawn ? (
          <chakra.ul listStyle="none" py="2" divideY="1px" divideColor="line.subtle">
            {items.map((item) => (
              <MobileEntry key={item.label} item={item} currentPath={currentPath} />
            ))}
            <chakra.li px="4" py="4" hideFrom="sm">
              {action}
            </chakra.li>
          </chakra.ul>
        ) : null}
      </Collapse>
    </chakra.div>
  );
}
