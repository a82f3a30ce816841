import { chakra, Container } from '@chakra-ui/react';
import { useId } from 'react';
import type { Site } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { useIsCurrentPage } from '../../ui/use-is-current-page';
import { DesktopMenu } from './DesktopMenu';
import { MobileMenu } from './MobileMenu';

export type NavBarProps = Pick<Site, 'name' | 'logo' | 'logoScrolled' | 'nav'> & {
  labels: Pick<Site['labels'], 'openMenu' | 'closeMenu' | 'home'>;
  /** The site's contact address: where the call to action leads when no script runs. */
  contact: string;
};

/**
 * The bar at the top of every page: logo, menus, the call to action, and the phone menu. The
 * server renders it whole; a script of a few hundred bytes (script.ts), not React, brings it
 * to life. Every state it has is an attribute (the bar's data-scrolled, each button's
 * aria-expanded), and the styles follow the attributes.
 */
export default function NavBar({ name, logo, logoScrolled, nav, labels, contact }: NavBarProps) {
  const isCurrent = useIsCurrentPage();
  const mobileId = useId();
  const logoStyle = { display: 'block', h: '10', w: 'auto' } as const;

  return (
    <chakra.header
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="surface.dark"
      color="text.onDark"
      boxShadow="none"
      transitionProperty="background-color, color, box-shadow"
      transitionDuration="moderate"
      css={{ '&[data-scrolled]': { bg: 'white', color: 'text.body', boxShadow: 'md' } }}
    >
      <Container maxW="7xl" display="flex" alignItems="center" gap="4" h="16">
        <chakra.a href="/" aria-label={`${name} – ${labels.home}`} flexShrink={0} aria-current={isCurrent('/') ? 'page' : undefined}>
          <chakra.img
            src={logo.src}
            alt=""
            htmlWidth={logo.width}
            htmlHeight={logo.height}
            {...logoStyle}
            css={{ '[data-scrolled] &': { display: 'none' } }}
          />
          <chakra.img
            src={logoScrolled.src}
            alt=""
            htmlWidth={logoScrolled.width}
            htmlHeight={logoScrolled.height}
            {...logoStyle}
            display="none"
            css={{ '[data-scrolled] &': { display: 'block' } }}
          />
        </chakra.a>
        <chakra.nav aria-label={nav.label} flex="1" display="flex" justifyContent="flex-end">
          {/* Below xl the items would wrap (they need about 1,100 px): the phone menu takes over. */}
          <chakra.ul listStyle="none" display="flex" alignItems="center" gap="1" hideBelow="xl">
            {nav.items.map((item) =>
              item.groups ? (
                <DesktopMenu key={item.label} item={item} />
              ) : (
                <li key={item.label}>
                  <chakra.a
                    href={item.href}
                    aria-current={isCurrent(item.href) ? 'page' : undefined}
                    display="block"
                    px="3"
                    py="2"
                    fontWeight="550"
                    textStyle="small"
                    borderRadius="md"
                    whiteSpace="nowrap"
                    _hover={{ bg: 'whiteAlpha.200' }}
                    css={{ '[data-scrolled] &:hover': { bg: 'brand.subtle' } }}
                  >
                    {item.label}
                  </chakra.a>
                </li>
              ),
            )}
          </chakra.ul>
          <chakra.button
            type="button"
            hideFrom="xl"
            aria-expanded="false"
            aria-controls={mobileId}
            popoverTarget={mobileId}
            aria-label={labels.openMenu}
            data-label-open={labels.openMenu}
            data-label-close={labels.closeMenu}
            p="2"
            borderRadius="md"
            cursor="pointer"
            color="inherit"
          >
            <chakra.svg
              viewBox="0 0 24 24"
              width="6"
              height="6"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              css={{ '[aria-expanded=true] > & > :first-of-type, [aria-expanded=false] > & > :last-of-type': { display: 'none' } }}
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
              <path d="M6 6l12 12M18 6L6 18" />
            </chakra.svg>
          </chakra.button>
          {/* Dims the page behind the open phone menu; a press on it closes the menu. Shown by
              the menu's open state (the script's), or by the popover's own, without JavaScript
              (a rule of its own: a browser that knows neither :has nor :popover-open drops only it). */}
          <chakra.div
            aria-hidden="true"
            data-menu-backdrop=""
            display="none"
            position="fixed"
            inset="0"
            top="16"
            bg="blackAlpha.600"
            css={{
              '[aria-expanded=true] ~ &': { display: { base: 'block', xl: 'none' } },
              '&:has(+ :popover-open)': { display: { base: 'block', xl: 'none' } },
            }}
          />
          <MobileMenu id={mobileId} items={nav.items} action={<ActionButton action={nav.action} size="md" contact={contact} />} />
        </chakra.nav>
        <chakra.div hideBelow="sm" flexShrink={0}>
          <ActionButton action={nav.action} size="md" contact={contact} />
        </chakra.div>
      </Container>
    </chakra.header>
  );
}
