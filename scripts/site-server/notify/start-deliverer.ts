/**
 * Delivers what the outbox owes, in the store's writer thread (which owns the database): each
 * due delivery is claimed with a lease, tried once, and recorded as delivered or to be tried
 * again later. It looks when a submission is stored, when the next try falls due, and every few
 * seconds besides (another server process may have stored one). A delivery that fails is logged
 * once in one line, and again when it is given up; the lines name the delivery, never what the
 * visitor typed, and neither they nor the error kept in the outbox ever carry a password or a
 * token (an SMTP server's refusal may quote the password it was given).
 *
 * Each try has one deadline, NOTIFY_TIMEOUT_SECONDS: when it passes, the try's connection is
 * closed, wherever it stands (connecting, the greeting, after DATA, a trickled answer), and the
 * try is recorded as failed in words, so a stalled server holds no socket, lease or slot longer.
 */
import nodemailer from 'nodemailer';
import { oneLine } from '../../text/plain-text';
import { redact, registerSecret, registerSecretsOf } from '../../text/redact';
import type { Delivered, Delivery, OutboxApi } from '../store/submission';
import { mailFor } from './mail-for';
import type { Channel, NotifySettings } from './notify-settings';
import { sendWebhook } from './send-webhook';

/** How often the outbox is looked at when nothing falls due sooner. */
const LOOK_MS = 5000;
/** How many deliveries are tried at once. */
const AT_ONCE = 4;

export interface DelivererOptions {
  /** The store's outbox: the SQLite store's answers at once, the PostgreSQL store's with promises. */
  outbox: OutboxApi;
  /** The stored submission a delivery is of; undefined when it is gone (erased meanwhile). */
  submission: (delivery: Delivery) => Delivered | undefined | Promise<Delivered | undefined>;
  settings: NotifySettings;
  log: (line: string) => void;
}

const describe = (delivery: Delivery): string =>
  `Delivery ${delivery.messageId} (${delivery.kind} ${delivery.submissionId} by ${delivery.channel === 'email' ? 'e-mail' : 'webhook'})`;

/** What a try that ran out of time is recorded with. */
const timeUp = (channel: Channel, timeoutMs: number): string =>
  `${channel === 'email' ? 'the mail server' : 'the webhook receiver'} did not finish within ${timeoutMs / 1000} s (NOTIFY_TIMEOUT_SECONDS); the connection to it was closed`;

/**
 * One line of an error, without a secret, not too long: its message, and its cause's (fetch says
 * only "fetch failed", its cause what failed).
 */
function reason(error: unknown): string {
  const message = (each: unknown): string => (each instanceof Error ? each.message : String(each));
  const cause = error instanceof Error && error.cause !== undefined ? message(error.cause) : '';
  const line = oneLine(cause && !message(error).includes(cause) ? `${message(error)}: ${cause}` : message(error));
  return redact(line).slice(0, 300) || 'no reason given';
}

/** Rejects with the signal's reason once it aborts. */
const abortOf = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

export function startDeliverer({ outbox, submission, settings, log }: DelivererOptions) {
  const { timeoutMs } = settings;
  // This thread's redactor learns the secrets it holds (module state is per thread): the mail
  // server's password and the webhook's key, wherever an error quotes them.
  registerSecretsOf({ SMTP_URL: settings.email?.url, WEBHOOK_URL: settings.webhook?.url });
  registerSecret(settings.webhook?.key.toString('base64'));
  // A try is given up after timeoutMs; its lease outlives it, so no other process tries it meanwhile.
  const leaseMs = timeoutMs + 5000;
  const mailer = settings.email
    ? nodemailer.createTransport({
        url: settings.email.url,
        // The try's deadline (its signal) ends it first; these only bound a phase should it not.
        connectionTimeout: 2 * timeoutMs,
        greetingTimeout: 2 * timeoutMs,
        socketTimeout: 2 * timeoutMs,
        // A connection given up is destroyed at once, not half-closed waiting for the server.
        socketCloseTimeout: 0,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const attempt = async (delivery: Delivery, delivered: Delivered, signal: AbortSignal): Promise<void> => {
    if (delivery.channel === 'email') {
      if (!mailer || !settings.email) throw new Error('no mail server is set (SMTP_URL)');
      await mailer.sendMail({ ...mailFor(delivered, settings.email, delivery.messageId), signal });
    } else {
      if (!settings.webhook) throw new Error('no webhook is set (WEBHOOK_URL)');
      await sendWebhook(settings.webhook, delivery.messageId, delivered, signal);
    }
  };

  /**
   * One try within its deadline: when the time is up the signal aborts, which closes the try's
   * connection (nodemailer and node:http both end theirs on it), and the try fails with words saying
   * so, whether or not the other party ever answers.
   */
  const tryOnce = async (delivery: Delivery, delivered: Delivered): Promise<void> => {
    const deadline = new AbortController();
    const clock = setTimeout(() => deadline.abort(new Error(timeUp(delivery.channel, timeoutMs))), timeoutMs);
    try {
      await Promise.race([attempt(delivery, delivered, deadline.signal), abortOf(deadline.signal)]);
    } catch (error) {
      // Out of time: the deadline's words, whichever of the two said it first.
      throw deadline.signal.aborted ? deadline.signal.reason : error;
    } finally {
      clearTimeout(clock);
    }
  };

  const deliver = async (delivery: Delivery): Promise<void> => {
    const delivered = await submission(delivery);
    if (!delivered) {
      // Erased before it could be delivered: nothing is left to send.
      await outbox.giveUp(delivery.id, 'the submission was erased before it was delivered');
      return;
    }
    try {
      await tryOnce(delivery, delivered);
    } catch (error) {
      const why = reason(error);
      const next = await outbox.failed(delivery, why, settings.retryDelaysS);
      if (next === 'gave-up')
        log(`${describe(delivery)} failed ${delivery.attempts} times, the last: ${why}. It is given up; npm run enquiries shows it.`);
      else if (delivery.attempts === 1)
        log(
          `${describe(delivery)} failed: ${why}. It is tried again, up to ${settings.retryDelaysS.length} more time${settings.retryDelaysS.length === 1 ? '' : 's'}.`,
        );
      return;
    }
    // Sent: should recording it fail (the database gone a moment), the lease runs out and it is sent again, with the same id.
    await outbox.delivered(delivery.id);
  };

  const schedule = async (): Promise<void> => {
    clearTimeout(timer);
    if (stopped) return;
    // The outbox unreadable a moment (a database restarting): look again in LOOK_MS.
    const due = await Promise.resolve()
      .then(() => outbox.nextDueAt())
      .catch(() => null);
    if (stopped) return;
    const wait = due === null ? LOOK_MS : Math.min(LOOK_MS, Math.max(0, due - Date.now()));
    clearTimeout(timer);
    timer = setTimeout(look, wait);
  };

  async function work(): Promise<void> {
    do {
      again = false;
      for (
        let batch = await outbox.claim(Date.now(), leaseMs, AT_ONCE);
        batch.length > 0 && !stopped;
        batch = await outbox.claim(Date.now(), leaseMs, AT_ONCE)
      )
        await Promise.all(batch.map(deliver));
    } while (again && !stopped);
  }

  function look(): void {
    if (round) {
      again = true;
      return;
    }
    round = work()
      .catch((error: unknown) => {
        again = false;
        log(`The outbox could not be read: ${reason(error)}. It is looked at again in ${LOOK_MS / 1000} s.`);
      })
      .finally(() => {
        round = undefined;
        // A submission stored while the round ended is looked at now; else at the next due time.
        if (again && !stopped) look();
        else void schedule();
      });
  }

  look();
  return {
    /** A submission was stored: look now. */
    kick: (): void => {
      if (!stopped) setImmediate(look);
    },
    /**
     * Stops looking. A try under way is waited for up to `boundMs`; one that takes longer is left
     * to its lease, and tried again, with the same id, once that runs out.
     */
    async stop(boundMs = 1000): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([round, new Promise((resolve) => (bound = setTimeout(resolve, boundMs)))]);
      clearTimeout(bound);
      mailer?.close();
    },
  };
}
