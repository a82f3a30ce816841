/**
 * What a submission is, for the store, the spam screening and the deliveries alike: its types,
 * derived from the types `npm run gen` writes from the form schemas, and each form's stored
 * fields, read from the same schemas with their titles as labels. A field added to a form's
 * schema is stored, listed, delivered and exported without a word written here; only the
 * engines' tables (open-sqlite.ts, prepare-tables.ts) are told of its column.
 */
import { readFileSync } from 'node:fs';
import { joinMobile } from '../../../src/forms/mobile-wire';
import type { Enquiry, JobApplication } from '../../../src/generated/schema-types';
import type { Channel } from '../notify/notify-settings';
import type { Deleted, Retention } from './retention';

/** What a submission is of: the form it came through. */
export type SubmissionKind = 'enquiry' | 'application';

/** An enquiry as the store takes it: the form's fields, the dial code joined to the number (src/forms/mobile-wire.ts). */
export type NewEnquiry = Omit<Enquiry, 'mobileRef'>;
/** An application as the store takes it: the form's fields, the CV's name and checked type (its bytes travel beside). */
export type NewApplication = Omit<JobApplication, 'cv'> & { cvName: string | null; cvType: string | null };

/** As it comes back from the store: an optional field the visitor left out is null (and may be absent where a submission is made by hand). */
type Stored<T> = { [K in keyof T]: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] } & { id: number; receivedAt: string };
export type StoredEnquiry = Stored<NewEnquiry>;
export type StoredApplication = Stored<NewApplication> & { cvSize: number | null };

/** What the store needs to finish screening a submission as it stores it (spam/screen.ts makes it). */
export interface Screening {
  /** Why it is spam, when the request alone says so. */
  spam: string | null;
  /** Why it is suspected (its token's timing) when it is not spam: it is delivered, marked so. */
  suspected: string | null;
  /** The token's nonce: a second use of it is spam. */
  nonce: string | null;
  /** The submission's fingerprint: the same one again within minutes is spam. */
  digest: string;
}

/** One accepted submission, as the endpoints hand it to the store, with what its request said of spam (none from a script). */
export type Submission = (
  | { kind: 'enquiry'; enquiry: NewEnquiry }
  | { kind: 'application'; application: NewApplication; cv: Uint8Array | null }
) & { screening?: Screening };

/** What screening made of a stored submission: spam (never delivered), suspected (delivered, marked so), or neither. */
export interface Verdict {
  spam: string | null;
  suspected: string | null;
}

/**
 * A stored submission as it is delivered; an application's CV (its bytes) goes along with the
 * mail. `suspected` says why its timing looked like a bot's (spam/screen.ts), when it did:
 * the team is told, and judges.
 */
export type Delivered = (
  | { kind: 'enquiry'; enquiry: StoredEnquiry }
  | { kind: 'application'; application: StoredApplication; cv: Buffer | null }
) & { suspected?: string | null };

/** One delivery a stored submission is owed: a row of the outbox, one per channel. */
export interface Delivery {
  id: number;
  /** The same on every try: the webhook's webhook-id, the mail's Message-ID. */
  messageId: string;
  kind: SubmissionKind;
  submissionId: number;
  channel: Channel;
  /** Tries made, this one included. */
  attempts: number;
}

/** Where a delivery stands, as `npm run enquiries` shows it. */
export interface DeliveryState {
  channel: Channel;
  messageId: string;
  attempts: number;
  state: 'delivered' | 'waiting' | 'failed';
  deliveredAt: string | null;
  /** The last try's error, while not delivered. */
  lastError: string | null;
  /** When it is tried next (ISO), while waiting. */
  nextAt: string | null;
}

/** A delivery's row as either engine reads it: its times as ISO text, its next try in ms. */
export type DeliveryRow = Omit<DeliveryState, 'state' | 'nextAt'> & { failedAt: string | null; nextAt: number };

/** What the deliverer needs of an outbox, in either engine: SQLite's answers at once, PostgreSQL's with promises. */
export interface OutboxApi {
  claim(now: number, leaseMs: number, limit: number): Delivery[] | Promise<Delivery[]>;
  delivered(id: number, now?: number): void | Promise<void>;
  failed(delivery: Delivery, error: string, delaysS: readonly number[], now?: number): 'retry' | 'gave-up' | Promise<'retry' | 'gave-up'>;
  giveUp(id: number, error: string, now?: number): void | Promise<void>;
  nextDueAt(): number | null | Promise<number | null>;
}

/** A delivery as an export shows it. */
interface DeliveryRecord {
  channel: Channel;
  messageId: string;
  createdAt: string;
  attempts: number;
  deliveredAt: string | null;
  failedAt: string | null;
}

/** Everything held about one person, as `npm run enquiries -- --export` prints it. */
export interface PersonExport {
  email: string;
  enquiries: (StoredEnquiry & { deliveries: DeliveryRecord[] })[];
  applications: (Omit<StoredApplication, 'cvSize'> & { cv: string | null; deliveries: DeliveryRecord[] })[];
}

/**
 * The store's operations, the same on both engines (open-sqlite.ts behind open-submission-store.ts, and
 * open-postgres.ts): what the server, the deliverer, `npm run enquiries` and the tests use.
 */
export interface SubmissionStore {
  readonly engine: 'sqlite' | 'postgres';
  /** Where the store is, for messages: the file, or the database's URL without its password. */
  readonly where: string;
  /** Stores every submission (with the deliveries each is owed) in one transaction; their ids in order. */
  addAll(submissions: Submission[]): Promise<number[]>;
  enquiries(): Promise<StoredEnquiry[]>;
  applications(): Promise<StoredApplication[]>;
  cvOf(id: number): Promise<Buffer | undefined>;
  /** The stored submission a delivery is of, with an application's CV; undefined when it is gone. */
  deliveredOf(delivery: Pick<Delivery, 'kind' | 'submissionId'>): Promise<Delivered | undefined>;
  /** Deletes what is older than its form's window (and spam after 30 days), leaving no byte of it in the store. */
  purge(retention: Retention, now?: number): Promise<Deleted>;
  /** Everything held about the person with this address, found by its key (email-key.ts): in any case or normal form. */
  exportPerson(email: string): Promise<PersonExport>;
  /** Deletes everything held about the person with this address, found by its key. */
  erasePerson(email: string): Promise<Deleted>;
  /** Why a stored submission was taken for spam; null when it was not. */
  spamOf(kind: SubmissionKind, id: number): Promise<string | null>;
  /** Why a stored submission was delivered marked suspected; null when it was not. */
  suspectedOf(kind: SubmissionKind, id: number): Promise<string | null>;
  /** The key form tokens are signed with: made once, shared by every server on this store. */
  formTokenKey(): Promise<Buffer>;
  deliveriesOf(kind: SubmissionKind, id: number): Promise<DeliveryState[]>;
  outbox: OutboxApi & { stateOf(kind: SubmissionKind, id: number): DeliveryState[] | Promise<DeliveryState[]> };
  close(): Promise<void>;
}

/** One stored field of a form: its key, its column in the engines' tables, and its label (the schema's title). */
interface StoredField {
  key: string;
  column: string;
  label: string;
}

interface FormSchemaFile {
  properties: Record<string, { title?: string; type?: string }>;
}

const schemaOf = (file: string): FormSchemaFile =>
  JSON.parse(readFileSync(new URL(`../../../schemas/forms/${file}`, import.meta.url), 'utf8')) as FormSchemaFile;

/** A form field the form joins into another before it is sent: the dial code travels in the number (mobile-wire.ts). */
const JOINED: Record<string, string> = { mobileRef: 'mobile' };

/**
 * What the mails, exports and webhooks already said before the fields came from the schemas, kept
 * so that none of them changes: the order the first fields are stored in (a field of the schema
 * not named follows, in the schema's order), the order the mail lists them in, and the mail's
 * shorter word for a phone number.
 */
const SAID = {
  enquiry: { stored: ['name', 'mobile', 'email', 'message'], mailed: ['name', 'email', 'mobile', 'message'], labels: { mobile: 'Phone' } },
  application: {
    stored: ['fullName', 'phone', 'email', 'coverLetter'],
    mailed: ['fullName', 'email', 'phone', 'coverLetter'],
    labels: { phone: 'Phone' },
  },
} as const;

/** The fields named in `first`, in that order, then the rest in the order given. */
const ordered = (fields: StoredField[], first: readonly string[]): StoredField[] => {
  const rank = (field: StoredField): number => (first.includes(field.key) ? first.indexOf(field.key) : first.length);
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index)
    .map(({ field }) => field);
};

/** A form's stored fields: every text field of its schema but those joined into another, with their titles. */
function formOf(kind: SubmissionKind, file: string, table: string) {
  const { properties } = schemaOf(file);
  const said = SAID[kind];
  const labels: Record<string, string> = said.labels;
  const fields = Object.entries(properties)
    .filter(([key, property]) => property.type === 'string' && !(key in JOINED))
    .map(([key, property]) => ({
      key,
      column: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      label: labels[key] ?? property.title ?? key,
    }));
  const cv = properties.cv ? { label: properties.cv.title ?? 'CV' } : null;
  return { kind, table, fields: ordered(fields, said.stored), mailed: ordered(fields, said.mailed), cv };
}

const forms = {
  enquiry: formOf('enquiry', 'enquiry.schema.json', 'enquiries'),
  application: formOf('application', 'apply.schema.json', 'applications'),
};

/** The model of a submission, read from the form schemas. */
export const submission = {
  /** Each kind's form: its table, its stored fields in the order they are stored, sent and exported, and the mail's order; `cv` when it takes one. */
  forms,
  /** What the store keeps of a valid form's data: each stored field in order (an optional one left out is absent), the number with its dial code. */
  fromForm(kind: SubmissionKind, data: Record<string, unknown>): Record<string, string> {
    const values: Record<string, string> = {};
    for (const { key } of forms[kind].fields) {
      const joined = Object.entries(JOINED).find(([, into]) => into === key)?.[0];
      const value = joined && typeof data[joined] === 'string' ? joinMobile(String(data[joined]), String(data[key])) : data[key];
      if (typeof value === 'string') values[key] = value;
    }
    return values;
  },
  /** A submission's stored fields, in its form's order: an optional one left out is null. */
  valuesOf(kind: SubmissionKind, fields: object): (string | null)[] {
    return forms[kind].fields.map(({ key }) => (fields as Record<string, string | undefined>)[key] ?? null);
  },
};
