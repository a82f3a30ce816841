/**
 * The key a person's e-mail address is found by, stored beside it in both engines: export,
 * erasure and the repeat check compare keys, never the addresses as typed. An address typed in
 * another case or another Unicode normal form is the same person's: "ÄNNA@…" and "änna@…",
 * "Ä" as one code point (NFC) or as "A" with a combining diaeresis (NFD), "STRASSE" and
 * "straße". Neither SQLite's lower() nor PostgreSQL's (in the C locale) changes a letter beyond
 * ASCII, so the key is made here, once.
 */

/**
 * NFC, then Unicode case folding as near as JavaScript comes: it has no full case fold, but upper
 * case then lower case folds what has no one-to-one lower case as folding does (ß → SS → ss,
 * ﬁ → FI → fi, final ς and σ alike → Σ → one lower form). NFC again after, as changing case can
 * decompose a letter (ǰ → J̌).
 */
export function emailKey(email: string): string {
  return email.trim().normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}
