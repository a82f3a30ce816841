/**
 * A submission as a plain-text mail to the team: the form it came through in the subject, every
 * field labelled in the body, the CV attached, and a Reply-To of the visitor's address when it
 * is a plain one. What a visitor typed goes into a header only with every line break and
 * control character taken out, and never as markup: the mail has no HTML part.
 */
import type { SendMailOptions } from 'nodemailer';
import { type Delivered, FORM_NAMES, fieldsOf, SUSPECTED, senderOf, submissionOf } from './content';
import type { EmailChannel } from './settings';

/** Text a header can hold as it is: one line, no control characters, not too long. */
function headerText(text: string, max = 120): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A visitor's address, for Reply-To, only when it is one plain address. */
const PLAIN_ADDRESS = /^[^\s@,;<>"()[\]\\:]+@[^\s@,;<>"()[\]\\:]+\.[^\s@,;<>"()[\]\\:]+$/;

/** The mail for one delivery of a submission; `messageId` is the delivery's, the same on every try. */
export function mailFor(delivered: Delivered, channel: EmailChannel, messageId: string): SendMailOptions {
  const submission = submissionOf(delivered);
  const who = headerText(senderOf(delivered), 80) || 'someone';
  const subject = `${delivered.suspected ? `${SUSPECTED}? ` : ''}${delivered.kind === 'enquiry' ? `New enquiry from ${who}` : `Job application from ${who}`}`;
  const body = [
    // A suspected submission says so first: a person may have sent it, so it is delivered, and the team judges.
    ...(delivered.suspected ? [`${SUSPECTED}: ${delivered.suspected}. It may still be a person's: check before you answer.`, ''] : []),
    `A visitor sent ${FORM_NAMES[delivered.kind]} on the website.`,
    '',
    ...fieldsOf(delivered).flatMap(([label, value]) =>
      value.includes('\n')
        ? [
            `${label}:`,
            ...value
              .replace(/\r\n?/g, '\n')
              .split('\n')
              .map((line) => `  ${line}`),
          ]
        : [`${label}: ${value}`],
    ),
    '',
    `Received ${submission.receivedAt} (${delivered.kind} ${submission.id}).`,
  ].join('\n');
  const replyTo = PLAIN_ADDRESS.test(submission.email) ? submission.email : undefined;
  const cv = delivered.kind === 'application' ? delivered.cv : null;
  const domain = channel.from.split('@')[1] ?? 'localhost';
  return {
    from: channel.from,
    to: channel.to,
    ...(replyTo ? { replyTo } : {}),
    subject,
    text: body,
    messageId: `<${messageId}@${domain}>`,
    ...(cv && delivered.kind === 'application'
      ? {
          attachments: [
            {
              filename: headerText(delivered.application.cvName ?? 'cv', 200) || 'cv',
              content: cv,
              contentType: delivered.application.cvType ?? 'application/octet-stream',
            },
          ],
        }
      : {}),
  };
}
