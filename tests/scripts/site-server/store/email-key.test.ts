/**
 * The key a person's address is found by (export, erasure, the repeat check): the same for every
 * way of typing the same address, in case and in Unicode normal form, and different for another.
 */
import { describe, expect, it } from 'vitest';
import { emailKey } from '../../../../scripts/site-server/store/email-key';

describe('emailKey', () => {
  it('is the same for an address in another case or normal form', () => {
    const same = [
      // Ä as one code point (NFC), as A and a combining diaeresis (NFD), in either case.
      ['\u00c4NNA@BEISPIEL.DE', '\u00e4nna@beispiel.de', 'A\u0308nna@Beispiel.de', 'a\u0308nna@beispiel.de'],
      // ß has no one-letter capital: it folds to ss.
      ['straße@beispiel.de', 'STRASSE@BEISPIEL.DE', 'Strasse@beispiel.de'],
      // Final sigma, medial sigma and the capital.
      ['σοφιας@παράδειγμα.gr', 'σοφιασ@παράδειγμα.gr', 'ΣΟΦΙΑΣ@ΠΑΡΆΔΕΙΓΜΑ.GR'],
      // A ligature folds to its letters.
      ['\ufb01le@example.com', 'FILE@example.com'],
      // ǰ has no precomposed capital: upper case decomposes it, and NFC puts it back together.
      ['\u01f0ohn@example.com', 'J\u030cOHN@example.com', 'j\u030cohn@example.com'],
      // Spaces around a pasted address.
      [' priya@example.com ', 'PRIYA@example.com'],
    ];
    for (const spellings of same) expect(new Set(spellings.map(emailKey)), spellings[0]).toEqual(new Set([emailKey(spellings[0] ?? '')]));
    expect(emailKey('\u00c4NNA@BEISPIEL.DE')).toBe('\u00e4nna@beispiel.de');
    expect(emailKey('STRASSE@BEISPIEL.DE')).toBe('strasse@beispiel.de');
    expect(emailKey('\u01f0ohn@example.com')).toBe('\u01f0ohn@example.com');
  });

  it('tells different addresses apart', () => {
    expect(emailKey('anna@beispiel.de')).not.toBe(emailKey('\u00e4nna@beispiel.de'));
    expect(emailKey('priya@example.com')).not.toBe(emailKey('priya@example.co'));
  });
});
