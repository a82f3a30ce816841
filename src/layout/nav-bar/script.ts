/**
 * The navigation bar's behaviour, without a framework: the server's markup (NavBar.tsx) holds
 * every link, and the styles follow two kinds of attributes this script sets, the bar's
 * data-scrolled and each button's aria-expanded.
 *
 * - Menus are disclosures (the WAI pattern for site navigation): a button with aria-expanded
 *   controls the panel after it. A desktop menu opens on hover, on click, Enter or Space, and
 *   on ArrowDown (focus then goes to its first link); one is open at a time; it closes when
 *   the pointer or the focus leaves it. Escape closes the menu it is in and puts the focus
 *   back on that menu's button.
 * - The phone menu is a popover its button opens (the browser does that, even without
 *   JavaScript); this keeps the button's state and label, and the page behind, in step.
 * - Past 90 px of scroll the bar takes its scrolled style.
 */
import type { IslandScript } from '../../ui/define-island';
import { DESKTOP_QUERY, PANEL_EDGE, SCROLL_THRESHOLD } from './measures';

const triggerOf = (menu: Element): HTMLButtonElement | null => menu.querySelector(':scope > button[aria-controls]');
const isOpen = (menu: Element): boolean => triggerOf(menu)?.getAttribute('aria-expanded') === 'true';

/** An open desktop panel stays inside the window: it moves left as far as it must, and scrolls inside itself when taller than the room under the bar. */
function keepInWindow(panel: HTMLElement): void {
  const list = panel.firstElementChild as HTMLElement | null;
  panel.style.left = '0px';
  const box = panel.getBoundingClientRect();
  const right = document.documentElement.clientWidth - PANEL_EDGE;
  if (box.right > right) panel.style.left = `${Math.max(right - box.right, PANEL_EDGE - box.left)}px`;
  if (list) list.style.maxHeight = `${Math.max(window.innerHeight - list.getBoundingClientRect().top - PANEL_EDGE, 160)}px`;
}

const navBar: IslandScript = (island) => {
  const header = island.querySelector('header');
  const menus = [...island.querySelectorAll<HTMLElement>('[data-disclosure]')];
  const desktop = menus.filter((menu) => menu.dataset.disclosure === 'hover');

  function setOpen(menu: HTMLElement, open: boolean): void {
    const trigger = triggerOf(menu);
    if (!trigger || isOpen(menu) === open) return;
    if (open && desktop.includes(menu)) for (const other of desktop) if (other !== menu) setOpen(other, false);
    trigger.setAttribute('aria-expanded', String(open));
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    if (open && panel && desktop.includes(menu)) keepInWindow(panel);
  }

  /** The desktop menu the pointer opened by entering it: a press with the pointer then keeps it open (a second one closes it). */
  let hovered: HTMLElement | undefined;
  for (const menu of menus) {
    const trigger = triggerOf(menu);
    trigger?.addEventListener('click', (event) => {
      const keepOpen = hovered === menu && event.detail > 0;
      hovered = undefined;
      if (!keepOpen) setOpen(menu, !isOpen(menu));
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && isOpen(menu)) {
        // Handled here: the phone menu around a nested dropdown stays open.
        event.preventDefault();
        event.stopPropagation();
        setOpen(menu, false);
        trigger?.focus();
      } else if (event.key === 'ArrowDown' && event.target === trigger && desktop.includes(menu)) {
        event.preventDefault();
        setOpen(menu, true);
        menu.querySelector<HTMLElement>('a')?.focus();
      }
    });
  }
  for (const menu of desktop) {
    menu.addEventListener('mouseenter', () => {
      if (!isOpen(menu)) hovered = menu;
      setOpen(menu, true);
    });
    menu.addEventListener('mouseleave', () => {
      hovered = undefined;
      setOpen(menu, false);
    });
    menu.addEventListener('focusout', (event) => {
      if (!menu.contains(event.relatedTarget as Node | null)) setOpen(menu, false);
    });
  }

  // The phone menu: the popover's own toggle event keeps the rest in step.
  const toggle = island.querySelector<HTMLButtonElement>('button[popovertarget]');
  const phoneMenu = document.getElementById(toggle?.getAttribute('popovertarget') ?? '');
  const root = document.documentElement;
  let overflowBefore = '';
  const phoneMenuShown = (open: boolean): void => {
    if (!toggle || (toggle.getAttribute('aria-expanded') === 'true') === open) return;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? '');
    // The page behind stays still while the menu is open.
    if (open) overflowBefore = root.style.overflow;
    root.style.overflow = open ? 'hidden' : overflowBefore;
  };
  const supportsPopover = typeof HTMLElement.prototype.togglePopover === 'function';
  const setPhoneMenu = (open: boolean): void => {
    if (!phoneMenu) return;
    if (supportsPopover) phoneMenu.togglePopover(open);
    else {
      phoneMenu.dataset.state = open ? 'open' : 'closed';
      phoneMenuShown(open);
    }
  };
  phoneMenu?.addEventListener('toggle', (event) => phoneMenuShown((event as ToggleEvent).newState === 'open'));
  if (!supportsPopover) toggle?.addEventListener('click', () => setPhoneMenu(toggle.getAttribute('aria-expanded') !== 'true'));
  island.querySelector('[data-menu-backdrop]')?.addEventListener('click', () => setPhoneMenu(false));

  // A window widened past the phone layout shows the desktop menus: the phone menu closes.
  const wide = window.matchMedia(DESKTOP_QUERY);
  const onWidth = (): void => {
    if (wide.matches) setPhoneMenu(false);
  };
  wide.addEventListener('change', onWidth);

  const onScroll = (): void => void header?.toggleAttribute('data-scrolled', window.scrollY > SCROLL_THRESHOLD);
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });

  return () => {
    window.removeEventListener('scroll', onScroll);
    wide.removeEventListener('change', onWidth);
    if (toggle?.getAttribute('aria-expanded') === 'true') phoneMenuShown(false);
  };
};

export default navBar;
