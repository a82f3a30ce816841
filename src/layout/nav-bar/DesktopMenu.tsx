import { chakra } from '@chakra-ui/react';
import { useId } from 'react';
import type { MenuEntry } from '../../generated/schema-types';
import { MenuGroups } from './MenuGroups';
import { PANEL_EDGE } from './measures';

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

/**
 * One menu of the desktop bar, as a disclosure (the WAI pattern for site navigation): a
 * button with aria-expanded controls a list of links. The bar's script (script.ts) opens it
 * on hover, on click and from the keyboard; the panel shows while its button says it is
 * expanded. Without JavaScript the panel shows on hover and while focus is inside the menu.
 */
export function DesktopMenu({ item }: { item: MenuEntry }) {
  const id = `${useId()}-panel`;
  return (
    <chakra.li position="relative" data-disclosure="hover">
      <chakra.button
        type="button"
        aria-expanded="false"
        aria-controls={id}
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
        whiteSpace="nowrap"
        _hover={{ bg: 'whiteAlpha.200' }}
        _expanded={{ bg: 'whiteAlpha.200' }}
        css={{
          // Once the bar is scrolled it is white: the highlight follows.
          '[data-scrolled] &:is(:hover, [aria-expanded=true])': { bg: 'brand.subtle' },
          '[data-scrolled] &[aria-expanded=true]': { color: 'brand.fg' },
        }}
      >
        {item.label}
        <chakra.span
          aria-hidden="true"
          fontSize="xs"
          transition="transform {durations.collapse}"
          css={{ '[aria-expanded=true] > &': { transform: 'rotate(180deg)' } }}
        >
          ▾
        </chakra.span>
      </chakra.button>
      <chakra.div
        id={id}
        display="none"
        css={{ '[aria-expanded=true] + &, [data-island]:not([data-hydrated]) li:is(:hover, :focus-within) > &': { display: 'block' } }}
        position="absolute"
        top="100%"
        left="0"
        zIndex="dropdown"
        minW="64"
        // Its groups side by side (an absolute box would otherwise shrink to its narrow item,
        // stacking them into one tall column), wrapping only when the window is narrower.
        w="max-content"
        maxW={`calc(100vw - ${2 * PANEL_EDGE}px)`}
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
          <MenuGroups groups={item.groups} />
        </chakra.div>
      </chakra.div>
    </chakra.li>
  );
}
