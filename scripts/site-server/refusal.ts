/** What the endpoints answer when they refuse: one message, or a message per form field. */
export type ApiError = { ok: false; error: string } | { ok: false; errors: Record<string, string> };

/** A request refused with an HTTP status; thrown by the readers and checks, answered by the endpoint. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
    this.name = 'Refusal';
  }
}

/** A refusal with one message, and a Retry-After header when `retryAfter` (seconds) is given. */
export function refusal(status: number, error: string, retryAfter?: number): Refusal {
  return new Refusal(status, { ok: false, error }, retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) });
}
