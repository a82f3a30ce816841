import { describe, expect, it } from 'vitest';
import { isWellFormedRoute, outputFileOfRoute, routeOfFile, routeOfLink } from '../../../scripts/content/route-of-file';

describe('route-of-file', () => {
  it('derives a route from a page file path', () => {
    expect(routeOfFile('index.json')).toBe('/');
    expect(routeOfFile('about.json')).toBe('/about');
    expect(routeOfFile('services/ux-ui-design.json')).toBe('/services/ux-ui-design');
    expect(routeOfFile('services/index.json')).toBe('/services');
  });

  it('never makes a route of a file or folder starting with an underscore', () => {
    expect(routeOfFile('_site.json')).toBeNull();
    expect(routeOfFile('_drafts/about.json')).toBeNull();
    expect(routeOfFile('notes.txt')).toBeNull();
  });

  it('accepts only lowercase, digits and single hyphens in a route', () => {
    expect(isWellFormedRoute('/services/ux-ui-design')).toBe(true);
    expect(isWellFormedRoute('/About')).toBe(false);
    expect(isWellFormedRoute('/a--b')).toBe(false);
    expect(isWellFormedRoute('/a b')).toBe(false);
  });

  it('strips query, fragment and trailing slash from a link', () => {
    expect(routeOfLink('/about#team')).toBe('/about');
    expect(routeOfLink('/careers/?category=ui')).toBe('/careers');
    expect(routeOfLink('/')).toBe('/');
  });

  it('writes each route to its own index.html', () => {
    expect(outputFileOfRoute('/')).toBe('index.html');
    expect(outputFileOfRoute('/services/ux-ui-design')).toBe('services/ux-ui-design/index.html');
  });
});
