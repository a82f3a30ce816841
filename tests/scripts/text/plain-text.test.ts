import { describe, expect, it } from 'vitest';
import { characterName, hiddenIn, normaliseLineBreaks, oneLine, visible } from '../../../scripts/text/plain-text';

describe('plain-text', () => {
  it('writes every kind of line break as LF', () => {
    expect(normaliseLineBreaks('a\r\nb\rc\nd\ve\ff\u0085g\u2028h\u2029i')).toBe('a\nb\nc\nd\ne\nf\ng\nh\ni');
    // CRLF is one break, not two; a CR after an LF is a second one.
    expect(normaliseLineBreaks('a\r\n\r\nb\n\rc')).toBe('a\n\nb\n\nc');
  });

  it('puts text on one line', () => {
    expect(oneLine('  Ana\rEmail: x@example.com\u2028Received  now ')).toBe('Ana Email: x@example.com Received now');
  });

  it('shows hidden characters as escapes and doubles a typed backslash', () => {
    expect(visible('a\u001bb\r\nc', { keepLineBreaks: true })).toBe('a\\u{1b}b\nc');
    expect(visible('a\nb', { keepLineBreaks: false })).toBe('a\\u{a}b');
    expect(visible('\\u{1b}', { keepLineBreaks: true })).toBe('\\\\u{1b}');
    expect(visible('cv\u202efdp.exe', { keepLineBreaks: false })).toBe('cv\\u{202e}fdp.exe');
    expect(visible('a\u200bb\u2066c\u{e0041}', { keepLineBreaks: false })).toBe('a\\u{200b}b\\u{2066}c\\u{e0041}');
  });

  it('keeps line breaks of every kind as LF when asked, and escapes them otherwise', () => {
    expect(visible('a\rb\u2028c\u2029d\u0085e', { keepLineBreaks: true })).toBe('a\nb\nc\nd\ne');
    expect(visible('a\rb\u2028c', { keepLineBreaks: false })).toBe('a\\u{d}b\\u{2028}c');
  });

  it('keeps tabs only when asked', () => {
    expect(visible('a\tb', { keepLineBreaks: true })).toBe('a\\u{9}b');
    expect(visible('a\tb', { keepLineBreaks: true, keepTabs: true })).toBe('a\tb');
  });

  it('keeps the characters that only shape what is visible, in their place only', () => {
    // A variation selector after its character; a run of them, or one alone, is escaped.
    expect(visible('\u2764\ufe0f', { keepLineBreaks: false })).toBe('\u2764\ufe0f');
    expect(visible('\u2764\ufe0f\ufe0e\u{e0100} \ufe0f', { keepLineBreaks: false })).toBe('\u2764\ufe0f\\u{fe0e}\\u{e0100} \\u{fe0f}');
    // A joiner between pictographs (woman technologist, with a skin tone) is one emoji.
    expect(visible('\u{1f469}\u200d\u{1f4bb} \u{1f469}\u{1f3fd}\u200d\u{1f4bb}', { keepLineBreaks: false })).toBe(
      '\u{1f469}\u200d\u{1f4bb} \u{1f469}\u{1f3fd}\u200d\u{1f4bb}',
    );
    // A non-joiner between letters is Persian spelling ("می‌خواهم").
    expect(visible('\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', { keepLineBreaks: false })).toBe(
      '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645',
    );
    // The same characters anywhere else carry hidden data.
    expect(visible('a\u200db \u200cc\u200d', { keepLineBreaks: false })).toBe('a\\u{200d}b \\u{200c}c\\u{200d}');
  });

  it('lists the hidden characters of a text, each once, and names them', () => {
    expect(hiddenIn('Fix\u0000 the\u202e menu\u202e\r\nSigned-off-by: x')).toEqual(['\u0000', '\u202e', '\r', '\n']);
    expect(hiddenIn('Two\r\nlines\u2028three\ttabbed', { allowLineBreaks: true, allowTabs: true })).toEqual([]);
    expect(hiddenIn('\u{1f469}\u200d\u{1f4bb} back\\slash')).toEqual([]);
    expect(characterName('\u202e')).toBe('a right-to-left override (U+202E)');
    expect(characterName('\u0000')).toBe('a null character (U+0000)');
    expect(characterName('\u{e0041}')).toBe('an invisible character (U+E0041)');
  });
});
