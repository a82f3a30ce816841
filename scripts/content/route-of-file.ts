/**
 * Routes come from file paths: pages/index.json is "/", pages/services/cloud.json is
 * "/services/cloud". A file or folder whose name starts with "_" is never a route (the
 * site file, pages/_site.json, lives beside the pages for that reason).
 */
import { posix } from 'node:path';

/** What a route segment may contain, so that every address is predictable to type. */
const SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The route of a page file, given its path relative to pages/ with forward slashes; null if it is not a page. */
export function routeOfFile(relativePath: string): string | null {
  if (!relativePath.endsWith('.json')) return null;
  const segments = relativePath.slice(0, -'.json'.length).split('/');
  if (segments.some((segment) => segment.startsWith('_'))) return null;
  if (segments[segments.length - 1] === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

/** What a template's route holds in place of each entry's id. */
const ID_IN_ROUTE = '<id>';

/**
 * The route pattern of a page template, given its path relative to pages/: its folder's route
 * followed by /<id>, so pages/careers/[jobs].json makes /careers/<id>.
 */
export function routeOfTemplate(relativePath: string): string {
  const folder = routeOfFile(`${posix.dirname(relativePath)}/index.json`) ?? '/';
  return `${folder === '/' ? '' : folder}/${ID_IN_ROUTE}`;
}

/** The route a template's pattern gives one entry: /careers/<id> gives /careers/ux-designer. */
export function routeOfEntry(pattern: string, id: string): string {
  return pattern.replace(ID_IN_ROUTE, id);
}

/** Whether every segment of a route is lowercase letters, digits and single hyphens. */
export function isWellFormedRoute(route: string): boolean {
  return (
    route === '/' ||
    route
      .slice(1)
      .split('/')
      .every((segment) => SEGMENT.test(segment))
  );
}

/** The route an internal link points at: its path without query, fragment or trailing slash. */
export function routeOfLink(href: string): string {
  const path = href.split(/[?#]/)[0] ?? '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path || '/';
}

/** Where the prerendered HTML of a route is written, relative to dist/. */
export function outputFileOfRoute(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}
