import { describe, expect, it } from 'vitest';
import * as siteRecipes from '../../src/theme/recipes';
import { createSiteSystem } from '../../src/theme/create-site-system';

/** Every animation name a style object gives (`animation: spin`, `animationName: 'fade-in'`), at any depth. */
function animationNames(node: unknown, found = new Set<string>()): Set<string> {
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'animation' || key === 'animationName') && typeof value === 'string') found.add(value.split(/\s+/)[0] ?? '');
    else animationNames(value, found);
  }
  return found;
}

describe('the design system', () => {
  const system = createSiteSystem();
  const keyframes = Object.keys(system._config.theme?.keyframes ?? {});
  const named = animationNames([system._config.theme?.recipes, system._config.theme?.slotRecipes, system._config.globalCss, siteRecipes]);

  it('has a keyframe for every animation its recipes name', () => {
    expect([...named].filter((name) => !keyframes.includes(name))).toEqual([]);
  });

  it('carries no keyframe that nothing names: each is in the global style of every page', () => {
    expect(named.size).toBeGreaterThan(0);
    expect(keyframes.filter((name) => !named.has(name))).toEqual([]);
  });
});
