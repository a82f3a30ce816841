/**
 * Where a build's time went, step by step: a full build ends with the line `line()` makes, so
 * that a slow build says which step to look at.
 */
import { performance } from 'node:perf_hooks';

export interface StepClock {
  /** Ends the step under way, naming it: its time runs from the end of the step before (the first from the start of the process). */
  step(name: string): void;
  /** "Time by step: …", the steps of a tenth of a second or more, in order. */
  line(): string;
}

export function stepClock(): StepClock {
  // performance.now() counts from the start of the process: the first step includes loading the build's code.
  let last = 0;
  const steps: [name: string, ms: number][] = [];
  return {
    step(name) {
      const now = performance.now();
      steps.push([name, now - last]);
      last = now;
    },
    line() {
      const shown = steps.filter(([, ms]) => ms >= 100).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
      return `Time by step: ${shown.join(', ')}.`;
    },
  };
}
