import cluster from 'node:cluster';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * How many submissions one client may make a minute, counting only those that were stored:
 * a refused or failed attempt costs nothing, so a client that retries is never locked out
 * by its own retries. Built on rate-limiter-flexible: a fixed one-minute window per client
 * (O(1) a request), whose entry is dropped when its minute ends, and which is only created
 * by a stored submission, so a flood of refused requests allocates nothing.
 */
export interface SubmissionLimit {
  /** Seconds until this client may submit again; 0 when it may now. Counts nothing. */
  wait(key: string): Promise<number>;
  /** Takes one submission from the client's minute; the seconds to wait when none is left (then nothing is taken). */
  take(key: string): Promise<number>;
  /** Gives back what `take` took, for a submission the store then refused. */
  giveBack(key: string): Promise<void>;
}

const secondsOf = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * A limit of `perMinute` submissions per client and minute, 0 for none; `keyPrefix` keeps the two
 * endpoints' counts apart. The count lives in the store when it offers a `shared` limiter (the
 * PostgreSQL store: every server on the database shares it); else, in a server process of a
 * cluster (`WORKERS=n npm start`), in the primary process, so all of them share one limit.
 */
export function submissionLimit(
  perMinute: number,
  keyPrefix: string,
  shared?: (options: { points: number; duration: number; keyPrefix: string }) => RateLimiterAbstract,
): SubmissionLimit {
  if (perMinute <= 0) return { wait: async () => 0, take: async () => 0, giveBack: async () => undefined };
  const options = { points: perMinute, duration: 60, keyPrefix };
  const limiter: RateLimiterAbstract = shared
    ? shared(options)
    : cluster.isWorker
      ? new RateLimiterCluster({ ...options, timeoutMs: 2000 })
      : new RateLimiterMemory(options);
  return {
    async wait(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= perMinute ? secondsOf(res) : 0;
    },
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // consume() counted this refused attempt too: take it back.
        await limiter.reward(key);
        return secondsOf(error);
      }
    },
    async giveBack(key) {
      // Only within the same minute: after it, giving back would credit the next one.
      if (await limiter.get(key)) await limiter.reward(key);
    },
  };
}
