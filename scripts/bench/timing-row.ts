/**
 * What the publishing benches (follow.ts, review-preview.ts) share: a table row of one figure's
 * runs (p50 and p95 by nearest rank, the slowest, and the target beside them), seconds as they
 * print them, the load average, and their progress lines.
 */
import { loadavg } from 'node:os';

/** Progress on stderr: stdout is the section of reports/bench.md. */
export const progress = (line: string): boolean => process.stderr.write(`${line}\n`);

/** The load averages of 1, 5 and 15 minutes. */
export const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

/** The nearest-rank quantile: of 10 runs, p50 is the 5th fastest and p95 the slowest. */
const quantile = (values: number[], q: number): number =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * values.length) - 1)] ?? Number.NaN;

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** A row of the table: the figure, its p50, p95 and slowest, and whether p95 meets `target` (ms). */
export const timingRow = (figure: string, values: number[], target?: number): string =>
  `| ${figure} | ${seconds(quantile(values, 0.5))} | ${seconds(quantile(values, 0.95))} | ${seconds(Math.max(...values))} | ${target === undefined ? '' : `p95 ≤ ${target / 1000} s: ${quantile(values, 0.95) <= target ? 'meets it' : 'MISSES it'}`} |`;
