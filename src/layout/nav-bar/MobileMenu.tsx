import { chakra } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import type { MenuEntry } from '../../generated/schema-types';
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
        {item.groups?.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups may have no heading; they come from the site file and never reorder.
          <chakra.div key={index} pb="2">
            {group.heading ? (
              <chakra.p px="6" pt="2" pb="1" textStyle="eyebrow" color="text.muted">
                {group.heading}
              </chakra.p>
            ) : null}
            <chakra.ul listStyle="none">
              {group.links.map((link) => (
                <li key={link.href}>
                  <chakra.a
                    href={link.href}
                    aria-current={link.href === currentPath ? 'page' : undefined}
                    display="block"
                    px="6"
                    py="2"
                    color="text.body"
                    _currentPage={{ color: 'brand.fg', fontWeight: '650' }}
                  >
                    {link.label}
                  </chakra.a>
                </li>
              ))}
            </chakra.ul>
          </chakra.div>
        ))}
      </Collapse>
    </li>
  );
}

/** The phone menu: every entry, then the bar's button, which the bar hides on narrow screens. */
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
        <chakra.ul listStyle="none" py="2" divideY="1px" divideColor="line.subtle">
          {items.map((item) => (
            <MobileEntry key={item.label} item={item} currentPath={currentPath} />
          ))}
          <chakra.li px="4" py="4" hideFrom="sm">
            {action}
          </chakra.li>
        </chakra.ul>
      </Collapse>
    </chakra.div>
  );
}
