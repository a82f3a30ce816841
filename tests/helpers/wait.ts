/**
 * Waiting for a state, the one way the tests do it: ask again and again until it holds. The
 * deadline only ends a wait for a state that never comes; it is minutes, since a machine loaded
 * to 20 on two cores takes that long for what an idle one does in a second.
 */
export const STATE_WAIT_MS = 5 * 60_000;

/** Waits until `check` gives something, asking every 20 ms; gives what it gave, or fails naming `what`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = STATE_WAIT_MS,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > end) throw new Error(`Waited ${Math.round(ms / 1000)} s in vain for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `check` holds (until, for a yes or no). */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = STATE_WAIT_MS): Promise<void> {
  await until(what, check, ms);
}
