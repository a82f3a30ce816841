import { chakra, Container } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { Site } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { useScrollLock } from '../../ui/use-scroll-lock';
import { DesktopMenu } from './DesktopMenu';
import { MobileMenu } from './MobileMenu';
import { useScrolledPast } from './use-scrolled-past';

/** Past 90 px of scroll the bar takes its scrolled style and logo. */
export const SCROLL_THRESHOLD = 90;

export type NavBarProps = Pick<Site, 'name' | 'logo' | 'logoScrolled' | 'nav'> & {
  labels: Pick<Site['labels'], 'openMenu' | 'closeMenu' | 'home'>;
};

/** The bar at the top of every page: logo, menus, the call to action, and the phone menu. */
export default function NavBar({ name, logo, logoScrolled, nav, labels }: NavBarProps) {
  const [path] = useLocation();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const [openId, setOpenId] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileId = useId();
  const logoStyle = { display: 'block', h: '10', w: 'auto' } as const;

  // While the phone menu is open the page behind it stays still (and is dimmed, below).
  useScrollLock(mobileOpen);

  return (
    <chakra.header
      data-scrolled={scrolled ? '' : undefined}
      position="sticky"
      top="0"
      zIndex="sticky"
      bg={scrolled ? 'white' : 'surface.dark'}
      color={scrolled ? 'text.body' : 'text.onDark'}
      boxShadow={scrolled ? 'md' : 'none'}
      transitionProperty="background-color, color, box-shadow"
      transitionDuration="moderate"
    >
      <Container maxW="7xl" display="flex" alignItems="center" gap="4" h="16">
        <chakra.a href="/" aria-label={`${name} – ${labels.home}`} flexShrink={0} aria-current={path === '/' ? 'page' : undefined}>
          <chakra.img src={logo.src} alt="" htmlWidth={logo.width} htmlHeight={logo.height} {...logoStyle} hidden={scrolled} />
          <chakra.img
            src={logoScrolled.src}
            alt=""
            htmlWidth={logoScrolled.width}
            htmlHeight={logoScrolled.height}
            {...logoStyle}
            hidden={!scrolled}
          />
        </chakra.a>
        <chakra.nav aria-label={nav.label} flex="1" display="flex" justifyContent="flex-end">
          {/* Below xl the items would wrap (they need about 1,100 px): the phone menu takes over. */}
          <chakra.ul listStyle="none" display="flex" alignItems="center" gap="1" hideBelow="xl">
            {nav.items.map((item) =>
              item.groups ? (
                <DesktopMenu key={item.label} item={item} currentPath={path} openId={openId} setOpenId={setOpenId} scrolled={scrolled} />
              ) : (
                <li key={item.label}>
                  <chakra.a
                    href={item.href}
                    aria-current={item.href === path ? 'page' : undefined}
                    display="block"
                    px="3"
                    py="2"
                    fontWeight="550"
                    textStyle="small"
                    borderRadius="md"
                    whiteSpace="nowrap"
                    _hover={{ bg: scrolled ? 'brand.subtle' : 'whiteAlpha.200' }}
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
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            aria-label={mobileOpen ? labels.closeMenu : labels.openMenu}
            onClick={() => setMobileOpen(!mobileOpen)}
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
            >
              {mobileOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </chakra.svg>
          </chakra.button>
          {mobileOpen ? (
            <chakra.div
              hideFrom="xl"
              aria-hidden="true"
              data-menu-backdrop=""
              position="fixed"
              inset="0"
              top="16"
              bg="blackAlpha.600"
              onClick={() => setMobileOpen(false)}
            />
          ) : null}
          <MobileMenu
            id={mobileId}
            open={mobileOpen}
            items={nav.items}
            currentPath={path}
            action={<ActionButton action={nav.action} size="md" />}
          />
        </chakra.nav>
        <chakra.div hideBelow="sm" flexShrink={0}>
          <ActionButton action={nav.action} size="md" />
        </chakra.div>
      </Container>
    </chakra.header>
  );
}
