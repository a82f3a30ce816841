/** Edit distance between two words, ignoring case: the number of single-letter changes. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** The candidate closest to what was written, if it is close enough to be a likely typo. */
export function didYouMean(written: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(written.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // Words whose lengths differ by more than the limit are further apart than it: not worth
    // measuring (a 100,000-character paste against a list of names would take seconds).
    if (Math.abs(written.length - candidate.length) > limit) continue;
    const d = distance(written, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= limit ? best : undefined;
}
