/**
 * A submission as a plain-text mail to the team: the form it came through in the subject, every
 * field labelled in the body, the CV attached, and a Reply-To of the visitor's address when it
 * is a plain one. What a visitor typed is shown, never obeyed: in a header (the subject, the
 * CV's file name) it is one line, and in the body every line of it stands indented under its
 * label, so that no line a visitor typed, with a line break of any kind (a bare CR, NEL, U+2028
 * included), can read as one of the mail's own lines ("Email: …", "Received …"). A character
 * that acts or hides (a direction override, a zero-width space) is shown as an escape such as
 * \u{202e}, a backslash the visitor typed doubled. The mail has no HTML part.
 */
import type { SendMailOptions } from 'nodemailer';
import { cutShown, hiddenIn, oneLine, visible } from '../../text/plain-text';
import { type Delivered, submission } from '../store/submission';
import type { EmailChannel } from './notify-settings';
import { submissionOf } from './submission-of';

/** The form a submission came through, in words. */
const FORM_NAMES = { enquiry: 'the enquiry form (“Get in Touch”)', application: 'the job application form' } as const;

/**
 * The submission's fields, labelled in the words the site's forms use (their schemas' titles,
 * through the model: store/submission.ts), in the order the mail lists them; an application's CV last.
 */
function fieldsOf(delivered: Delivered): [label: string, value: string][] {
  const form = submission.forms[delivered.kind];
  const values = submissionOf(delivered) as unknown as Record<string, string | null>;
  const fields = form.mailed.map(({ key, label }): [string, string] => [label, values[key] ?? '']);
  if (delivered.kind === 'enquiry' || !form.cv) return fields;
  const { cvName, cvSize } = delivered.application;
  return [...fields, [form.cv.label, cvName ? `${cvName} (${Math.max(1, Math.round((cvSize ?? 0) / 1024))} KB, attached)` : 'none']];
}

/** Who sent it, as they gave their name. */
const senderOf = (delivered: Delivered): string => (delivered.kind === 'enquiry' ? delivered.enquiry.name : delivered.application.fullName);

/** The words that mark a suspected submission, before its reason. */
const SUSPECTED = 'Suspected spam';

/**
 * Text a header can hold as it is: one line, its hidden characters shown as escapes, not too
 * long. The start of an encoded word ("=?"), which a mail program decodes into other characters
 * (a typed "=?UTF-8?Q?=E2=80=AE?=" would come out as U+202E), is shown as "=\u{3f}".
 */
const headerText = (text: string, max = 120): string =>
  cutShown(visible(oneLine(text), { keepLineBreaks: false }).replaceAll('=?', '=\\u{3f}'), max);

/**
 * A field in the body: on its label's line when the value is one line; otherwise the label alone,
 * and every line of the value under it, indented.
 */
function fieldLines(label: string, value: string): string[] {
  const lines = visible(value, { keepLineBreaks: true, keepTabs: true }).split('\n');
  return lines.length === 1 ? [`${label}: ${lines[0]}`] : [`${label}:`, ...lines.map((line) => `  ${line}`)];
}

/** A visitor's address, for Reply-To, only when it is one plain address with nothing hidden in it, nor an encoded word. */
const PLAIN_ADDRESS = /^[^\s@,;<>"()[\]\\:]+@[^\s@,;<>"()[\]\\:]+\.[^\s@,;<>"()[\]\\:]+$/;
const isPlainAddress = (address: string): boolean =>
  PLAIN_ADDRESS.test(address) && hiddenIn(address).length === 0 && !address.includes('=?');

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
    ...fieldsOf(delivered).flatMap(([label, value]) => fieldLines(label, value)),
    '',
    `Received ${submission.receivedAt} (${delivered.kind} ${submission.id}).`,
  ].join('\n');
  const replyTo = isPlainAddress(submission.email) ? submission.email : undefined;
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
