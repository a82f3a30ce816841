/**
 * A submission as a webhook: JSON, signed as the Standard Webhooks specification says, so that
 * any of its libraries verifies it. Its headers are webhook-id (the delivery's message id, the
 * same on every try), webhook-timestamp (this try's time, in seconds) and webhook-signature
 * ("v1," and the base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" with the secret's key). The CV
 * itself is not sent: its name, type and size are.
 *
 * The webhook is data for a program, so what the visitor typed is carried exactly as typed, line
 * breaks and hidden characters included (unlike the mail, written for a person). Every hidden
 * character is JSON-escaped (\u202e, \u2028), so the body holds none raw for whoever looks at the
 * bytes; a receiver that shows the text to a person must show it as text, as the mail does.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { escapeHiddenInJson } from '../../text/plain-text';
import type { Delivered } from '../store/submission';
import { submissionOf } from './submission-of';
import type { WebhookChannel } from './notify-settings';

/** The event's body: its type, when it happened, and the submission's fields. */
function webhookBody(delivered: Delivered): string {
  const submission = submissionOf(delivered);
  const data =
    delivered.kind === 'enquiry'
      ? delivered.enquiry
      : (({ cvName, cvType, cvSize, ...rest }) => ({ ...rest, cv: cvName ? { name: cvName, type: cvType, size: cvSize } : null }))(
          delivered.application,
        );
  // `suspected`: why its timing looked like a bot's, or null (spam/screen.ts).
  return escapeHiddenInJson(
    JSON.stringify({
      type: `${delivered.kind}.received`,
      timestamp: submission.receivedAt,
      data: { ...data, suspected: delivered.suspected ?? null },
    }),
  );
}

/** The Standard Webhooks headers of one try. */
function signedHeaders(key: Buffer, messageId: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/**
 * Sends one try; resolves when the receiver answered 2xx, throws with what went wrong otherwise.
 * `signal` is the try's deadline: when it aborts, the try's connection is destroyed, wherever the
 * exchange stands (connecting, sending, waiting for or reading the answer's head). Each try has a
 * connection of its own, closed once the answer's head is read (fetch's shared pool opened a new
 * idle connection to the receiver after an aborted try, and kept it open for seconds).
 */
export function sendWebhook(channel: WebhookChannel, messageId: string, delivered: Delivered, signal: AbortSignal): Promise<void> {
  const body = webhookBody(delivered);
  const url = new URL(channel.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'nuvora-site-notify',
          ...signedHeaders(channel.key, messageId, body),
        },
        agent: false,
        signal,
      },
      (response) => {
        // The status is the answer; its body is never waited for (a receiver may trickle it).
        response.destroy();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status <= 299) resolve();
        else reject(new Error(`the receiver answered ${status}`));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
