import { describe, expect, it } from 'vitest';
import { cutShown, escapeHiddenInJson, visible } from '../../../scripts/text/plain-text';

describe('plain-text, as it goes out', () => {
  it('cuts shown text at a whole escape, doubled backslash or character', () => {
    const shown = visible('ab\u202ecd\\ef😀g', { keepLineBreaks: false });
    expect(shown).toBe('ab\\u{202e}cd\\\\ef😀g');
    expect(cutShown(shown, 18)).toBe(shown);
    expect(cutShown(shown, 5)).toBe('ab…');
    expect(cutShown(shown, 14)).toBe('ab\\u{202e}cd…');
    expect(cutShown(shown, 16)).toBe('ab\\u{202e}cd\\\\e…');
    expect(cutShown(shown, 17)).toBe('ab\\u{202e}cd\\\\ef…');
  });

  it('JSON-escapes every hidden character, so the bytes hold none raw and the data is the same', () => {
    const data = { message: 'a\u2028b\u0085c\u202ed\u200b\u007f\u{e0041}e \u{1f469}\u200d\u{1f4bb} "q" \\' };
    const json = escapeHiddenInJson(JSON.stringify(data));
    expect(json).toBe('{"message":"a\\u2028b\\u0085c\\u202ed\\u200b\\u007f\\udb40\\udc41e \u{1f469}\\u200d\u{1f4bb} \\"q\\" \\\\"}');
    expect(JSON.parse(json)).toEqual(data);
  });
});
