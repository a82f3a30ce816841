/** One application's share of the memory that holds CVs while they arrive. */
export interface UploadHold {
  /** Asks to hold `bytes` more; false when memory is short even after stalled uploads gave theirs back. */
  reserve(bytes: number): boolean;
  /** Says the body moved on (see watchPace): an upload that stops moving may be made to give way. */
  moved(): void;
  /** Gives back everything held, and the client's place; called once the request is answered (more calls do nothing). */
  release(): void;
}

export interface UploadMemoryOptions {
  /** CV bytes held across all applications in flight. */
  maxBytes: number;
  /** Applications one client may have in flight at once. */
  perClient: number;
  /** An upload that has not moved for this long gives its memory to one that is moving when memory is short. */
  yieldAfterMs: number;
}

/**
 * The memory that holds CVs while they arrive, shared by every application in flight, so
 * that no one can starve the others of it:
 * - a client (the rate limit's key) has at most `perClient` applications in flight, so one
 *   address cannot take the whole of it however many uploads it opens;
 * - when a reservation does not fit, uploads that have stopped moving for `yieldAfterMs`
 *   give theirs back (longest still first), each told through its `onEvicted`, so stalled
 *   bodies from many addresses cannot hold it against an applicant whose CV is arriving.
 */
export function uploadMemory({ maxBytes, perClient, yieldAfterMs }: UploadMemoryOptions) {
  let held = 0;
  const inFlight = new Map<string, number>();
  type Hold = { bytes: number; movedAt: number; evict: () => void };
  const holds = new Set<Hold>();

  /** Frees at least `bytes` from stalled uploads if it can; whether `bytes` now fit. */
  const makeRoom = (bytes: number, asking?: Hold): boolean => {
    if (held + bytes <= maxBytes) return true;
    const now = performance.now();
    const stalled = [...holds]
      .filter((hold) => hold !== asking && hold.bytes > 0 && now - hold.movedAt >= yieldAfterMs)
      .sort((a, b) => a.movedAt - b.movedAt);
    for (const hold of stalled) {
      if (held + bytes <= maxBytes) break;
      hold.evict();
    }
    return held + bytes <= maxBytes;
  };

  return {
    /** Whether an application of `bytes` could be held now (stalled uploads giving way); nothing is taken. */
    hasRoom: (bytes: number): boolean => held + bytes <= maxBytes || makeRoom(bytes),
    /**
     * A place for one more application from `key`, or undefined when the client has
     * `perClient` in flight already. `onEvicted` is called if the upload is made to give way.
     */
    admit(key: string, onEvicted: () => void): UploadHold | undefined {
      const count = inFlight.get(key) ?? 0;
      if (count >= perClient) return undefined;
      inFlight.set(key, count + 1);
      let released = false;
      const entry: Hold = { bytes: 0, movedAt: performance.now(), evict: () => undefined };
      const release = (): void => {
        if (released) return;
        released = true;
        holds.delete(entry);
        held -= entry.bytes;
        entry.bytes = 0;
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
      };
      entry.evict = () => {
        release();
        onEvicted();
      };
      holds.add(entry);
      return {
        reserve(bytes) {
          if (released || !makeRoom(bytes, entry)) return false;
          held += bytes;
          entry.bytes += bytes;
          return true;
        },
        moved() {
          entry.movedAt = performance.now();
        },
        release,
      };
    },
  };
}
