/**
 * The live notes' bars ("Going live…", "Live at …", "Not live: …", cannot tell) each have a
 * colour of their own from the design tokens that the site's system really carries: a token
 * naming a palette the system leaves out (Chakra's border.success names green) draws nothing.
 */
import { describe, expect, it } from 'vitest';
import { liveBar } from '../../src/editor/publishing/live/live-bar';
import { createSiteSystem } from '../../src/theme/create-site-system';

const system = createSiteSystem();

/** The colour a colour token comes to, through the tokens it names; undefined where one is missing. */
function colourOf(name: string): string | undefined {
  const value = system.tokens.getByName(`colors.${name}`)?.originalValue;
  if (typeof value !== 'string') return undefined;
  const named = /^\{colors\.(.+)\}$/.exec(value)?.[1];
  return named ? colourOf(named) : value;
}

describe('live-bar', () => {
  it('gives each live state a bar of its own colour, from the status tokens', () => {
    const colours = Object.entries(liveBar).map(([tone, token]) => [tone, token.startsWith('status.'), colourOf(token)]);
    expect(colours.filter(([, , colour]) => !/^#[0-9a-f]{6}$/i.test(String(colour)))).toEqual([]);
    expect(colours.every(([, fromStatus]) => fromStatus)).toBe(true);
    expect(new Set(colours.map(([, , colour]) => colour)).size).toBe(Object.keys(liveBar).length);
  });
});
