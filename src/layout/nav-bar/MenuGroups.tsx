import type { MenuEntry } from '../../generated/schema-types';
import { useIsCurrentPage } from '../../ui/use-is-current-page';

/**
 * A menu's groups of links as plain elements: a heading, when the group has one, over its list.
 * The desktop panel and the phone menu each style them from one element around them, not one
 * styled element per link: the bar is hydrated on every page, and each styled element costs
 * the browser time as it is (the groups hold most of the bar's elements).
 */
export function MenuGroups({ groups = [] }: { groups: MenuEntry['groups'] }) {
  const isCurrent = useIsCurrentPage();
  return groups.map((group, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: groups may have no heading; they come from the site file and never reorder.
    <div key={index}>
      {group.heading ? <p>{group.heading}</p> : null}
      <ul>
        {group.links.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={isCurrent(link.href) ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  ));
}
