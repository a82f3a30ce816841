/**
 * A submission as a webhook: JSON, signed as the Standard Webhooks specification says, so that
 * any of its libraries verifies it. Its headers are webhook-id (the delivery's message id, the
 * same on every try), webhook-timestamp (this try's time, in seconds) and webhook-signature
 * ("v1," and the base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" with the secret's key). The CV
 * itself is not sent: its name, type and size are.
 */
import { createHmac } from 'node:crypto';
import { type Delivered, submissionOf } from './content';
import type { WebhookChannel } from './settings';

/** The event's body: its type, when it happened, and the submission's fields. */
function webhookBody(delivered: Delivered): string {
  const submission = submissionOf(delivered);
  const data =
    delivered.kind === 'enquiry'
      ? delivered.enquiry
      : (({ cvName, cvType, cvSize, ...rest }) => ({ ...rest, cv: cvName ? { name: cvName, type: cvType, size: cvSize } : null }))(
          delivered.application,
        );
  // `suspected`: why its timing looked like a bot's, or null (spam/screening.ts).
  return JSON.stringify({
    type: `${delivered.kind}.received`,
    timestamp: submission.receivedAt,
    data: { ...data, suspected: delivered.suspected ?? null },
  });
}

/** The Standard Webhooks headers of one try. */
function signedHeaders(key: Buffer, messageId: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/** Sends one try; resolves when the receiver answered 2xx, throws with what went wrong otherwise. */
export async function sendWebhook(channel: WebhookChannel, messageId: string, delivered: Delivered, timeoutMs: number): Promise<void> {
  const body = webhookBody(delivered);
  const response = await fetch(channel.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'nuvora-site-notify', ...signedHeaders(channel.key, messageId, body) },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The answer's body is not needed: read it away so the connection is let go.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new Error(`the receiver answered ${response.status}`);
}
