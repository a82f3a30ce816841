import { Ajv, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import cors from 'cors';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fieldErrors } from '../../../src/forms/field-errors';
import { splitMobile } from '../../../src/forms/mobile-wire';
import { ClientGone, BODY_IDLE_MS, parseJsonObject, readBody } from '../read-body';
import { Refusal, refusal } from '../refusal';
import { reply } from '../reply';
import { clientAddress, clientKey, type ProxyTrust } from '../client-address';
import { cvType } from './cv-type';
import { FORM_PATHS } from '../../content/is-form-endpoint';
import { apiMessages } from '../api-messages';
import { logMessages } from '../log-messages';
import { submissionLimit, type SubmissionLimit } from './submission-limit';
import { readApplication, uploadsBusy } from './read-application';
import { isCrossSite } from './is-cross-site';
import { isWellFormedText } from './is-well-formed-text';
import { mediaTypeOf } from './media-type-of';
import { inviteBody, type RouteHandler } from '../site-server';
import { type NewApplication, type NewEnquiry, type Submission, submission } from '../store/submission';
import { FORM_TOKEN_PATH } from '../../../src/forms/fetch-form-token';
import { issueToken } from '../spam/issue-token';
import { screen } from '../spam/screen';
import { StoreWriteError, type StoreWriter } from '../store/store-writer';
import { uploadMemory } from './upload-memory';

/** A form's JSON Schema, as far as the endpoints read it. */
interface FormSchema {
  title?: string;
  type?: string;
  maxLength?: number;
  maximum?: number;
  enum?: string[];
  errorMessage?: unknown;
  properties?: Record<string, FormSchema>;
}

/** Bytes of multipart framing and part headers allowed beside an application's content. */
const MULTIPART_FRAMING = 64 * 1024;
/** How long a client is told to wait when the store is busy. */
const STORE_RETRY_SECONDS = 5;
/** CV bytes the server holds in memory across all applications in flight; beyond it, 503. */
const DEFAULT_MAX_BUFFERED_CV_BYTES = 64 * 1024 * 1024;
/**
 * Applications one client may have in flight at once: a person sends one at a time, and a
 * second covers a retry while the first is still being answered. With the CV limit, what
 * one address can hold is 2 × 5 MB of the memory above, never all of it.
 */
const DEFAULT_APPLICATIONS_PER_CLIENT = 2;
/** An upload that has not moved for this long gives its memory to a moving one when memory is short. */
const YIELD_AFTER_MS = 2000;
/** How long a client with too many applications in flight is told to wait. */
const IN_FLIGHT_RETRY_SECONDS = 10;

/** The longest each text field may be, in characters, from the schema (an enum's longest value). */
function maxLengths(schema: FormSchema): number[] {
  return Object.values(schema.properties ?? {})
    .filter((property) => property.type === 'string')
    .map((property) => property.maxLength ?? Math.max(0, ...(property.enum ?? []).map((value) => value.length)));
}

/**
 * The largest enquiry body a valid enquiry can need: every field at its maximum, each
 * character escaped by JSON at worst to six bytes (\u0001), plus the keys and punctuation.
 */
const jsonBodyLimit = (schema: FormSchema): number => maxLengths(schema).reduce((sum, length) => sum + length * 6, 1024);

export interface FormsApiOptions {
  root: string;
  store: StoreWriter;
  /** Submissions one client may make per minute on each endpoint (only stored ones count); 0 for no limit. */
  perMinute?: number;
  /** Origins of other sites whose pages may post to the endpoints (an external front end), such as https://www.example.com. */
  allowedOrigins?: string[];
  /** Proxies whose X-Forwarded-For names the client (see client-address.ts). */
  trustProxy?: ProxyTrust;
  /** CV bytes held in memory across all applications in flight before new ones get 503. */
  maxBufferedCvBytes?: number;
  /** Applications one client may have in flight at once; more get 429. */
  applicationsPerClient?: number;
  /** How long a body may go without moving (by 4 KiB) before it is refused with 408. */
  bodyIdleTimeoutMs?: number;
}

/** What a form's reader is given besides the request. */
interface ReadContext {
  /** The client's key, as the rate limit counts it. */
  key: string;
  /** Asks the client for its body (100 Continue, when it waits for one): called once the headers pass every check. */
  invite: () => void;
  /** Runs `release` once the request is answered. */
  onAnswered: (release: () => void) => void;
}

/**
 * The endpoints behind the site's forms, validating every request with the same JSON
 * Schemas as the browser (never trusting it) and answering in the words of those schemas. Each
 * submission is stored before the 201; whatever goes wrong is answered inside its own
 * request (a Refusal with its status), and a client that disconnects is logged in one line.
 */
export function formsApi({
  root,
  store,
  perMinute = 10,
  allowedOrigins = [],
  trustProxy,
  maxBufferedCvBytes = DEFAULT_MAX_BUFFERED_CV_BYTES,
  applicationsPerClient = DEFAULT_APPLICATIONS_PER_CLIENT,
  bodyIdleTimeoutMs = BODY_IDLE_MS,
}: FormsApiOptions): Record<string, RouteHandler> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajvErrors(ajv);
  const schemaOf = (name: string) => JSON.parse(readFileSync(join(root, 'schemas/forms', `${name}.schema.json`), 'utf8')) as FormSchema;
  const enquirySchema = schemaOf('enquiry');
  const applySchema = schemaOf('apply');
  const validateEnquiry = ajv.compile(enquirySchema);
  const validateApplication = ajv.compile(applySchema);
  const allowed = new Set(allowedOrigins);
  const corsHandler = cors({
    origin: [...allowed],
    methods: ['POST'],
    allowedHeaders: ['Content-Type', 'X-Form-Token', 'X-Form-Trap'],
    maxAge: 600,
  });
  const memory = uploadMemory({ maxBytes: maxBufferedCvBytes, perClient: applicationsPerClient, yieldAfterMs: YIELD_AFTER_MS });

  const enquiryLimit = jsonBodyLimit(enquirySchema);
  const cvSchema = applySchema.properties?.cv?.properties ?? {};
  const cvBytes = cvSchema.size?.maximum ?? 0;
  const cvTypeMessage = String((cvSchema.name?.errorMessage as { pattern?: string } | undefined)?.pattern ?? '');
  const applicationFields = maxLengths(applySchema);
  // UTF-8 takes at most 4 bytes a character, and multipart sends text as it is.
  const fieldBytes = Math.max(...applicationFields) * 4;
  const applicationBytes = cvBytes + applicationFields.length * fieldBytes + MULTIPART_FRAMING;

  const invalid = (validate: ValidateFunction, schema: FormSchema): Refusal =>
    new Refusal(400, { ok: false, errors: fieldErrors(validate.errors, schema) });

  async function readEnquiry(req: IncomingMessage, { invite }: ReadContext): Promise<Submission> {
    const media = mediaTypeOf(req);
    if (media?.type !== 'application/json' || (media.charset && media.charset !== 'utf-8'))
      throw refusal(415, apiMessages.wrongMediaType('application/json'));
    const tooLarge = apiMessages.enquiryTooLarge(Math.floor(enquiryLimit / 1024));
    if (Number(req.headers['content-length'] ?? 0) > enquiryLimit) throw refusal(413, tooLarge);
    invite();
    const payload = parseJsonObject(await readBody(req, enquiryLimit, tooLarge, { idleMs: bodyIdleTimeoutMs }));
    // The payload carries "+91 9876543210"; the schema checks its two parts as the form does.
    const { mobile, ...rest } = payload;
    const parts = typeof mobile === 'string' ? splitMobile(mobile) : undefined;
    const data = {
      ...rest,
      ...(parts ? { mobileRef: parts.mobileRef } : {}),
      ...(parts?.mobile ? { mobile: parts.mobile } : typeof mobile === 'string' && !parts && mobile ? { mobile } : {}),
    };
    if (!validateEnquiry(data)) throw invalid(validateEnquiry, enquirySchema);
    // JSON can spell a lone surrogate ("\ud800"), which no UTF-8 store can hold.
    if (!isWellFormedText(data)) throw refusal(400, apiMessages.notUnicode);
    // What the store keeps of it: the schema's fields, the dial code joined to the number (store/submission.ts).
    return { kind: 'enquiry', enquiry: submission.fromForm('enquiry', data) as NewEnquiry };
  }

  async function readJobApplication(req: IncomingMessage, { key, invite, onAnswered }: ReadContext): Promise<Submission> {
    if (mediaTypeOf(req)?.type !== 'multipart/form-data') throw refusal(415, apiMessages.wrongMediaType('multipart/form-data'));
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > applicationBytes) throw refusal(413, apiMessages.applicationTooLarge);
    // The CV stays in memory until the store has it: the place is given back once the request is answered.
    let reading: ReturnType<typeof readApplication> | undefined;
    const hold = memory.admit(key, () => reading?.giveWay());
    if (!hold) throw refusal(429, apiMessages.uploadsFromClient(applicationsPerClient, IN_FLIGHT_RETRY_SECONDS), IN_FLIGHT_RETRY_SECONDS);
    onAnswered(hold.release);
    // The least CV a body of the declared size can carry must fit now, or the body is not worth asking for.
    if (!memory.hasRoom(Math.max(0, declared - (applicationBytes - cvBytes)))) throw uploadsBusy();
    invite();
    reading = readApplication(req, {
      cvBytes,
      fieldBytes,
      fields: applicationFields.length,
      bodyBytes: applicationBytes,
      memory: hold,
      idleMs: bodyIdleTimeoutMs,
    });
    const { fields, cv } = await reading.body;
    const data = { ...fields, ...(cv ? { cv: { name: cv.name, size: cv.content.length } } : {}) };
    if (!validateApplication(data)) throw invalid(validateApplication, applySchema);
    if (!isWellFormedText(fields)) throw refusal(400, apiMessages.notUnicode);
    const type = cv ? cvType(cv.name, cv.content) : undefined;
    if (cv && !type) throw new Refusal(415, { ok: false, errors: { cv: cvTypeMessage } });
    const application: NewApplication = {
      ...(submission.fromForm('application', data) as Omit<NewApplication, 'cvName' | 'cvType'>),
      cvName: cv?.name ?? null,
      cvType: type ?? null,
    };
    return { kind: 'application', application, cv: cv?.content ?? null };
  }

  /** The store's failure as an answer: busy is worth retrying soon (503), anything else is not (500). */
  function storeRefusal(error: unknown): Refusal {
    if (!(error instanceof StoreWriteError)) throw error;
    if (error.busy) return refusal(503, apiMessages.storeBusy(STORE_RETRY_SECONDS), STORE_RETRY_SECONDS);
    console.error(logMessages.storeError(error.code, error.message));
    return refusal(500, apiMessages.storeFailed);
  }

  /** GET /api/form-token?form=enquiry: a signed time token for a form just opened (spam/issue-token.ts). */
  const formToken: RouteHandler = async (req, res) => {
    if (req.method === 'OPTIONS') return corsHandler(req, res, () => undefined);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return reply(res, 405, { ok: false, error: apiMessages.methodNotAllowed('GET') }, { Allow: 'GET, HEAD, OPTIONS' });
    corsHandler(req, res, () => undefined);
    // One form named, once: a repeated ?form= names none for sure.
    const named = new URL(req.url ?? '/', 'http://site').searchParams.getAll('form');
    const form = named.length === 1 ? named[0] : undefined;
    if (form !== 'enquiry' && form !== 'apply')
      return reply(res, 400, { ok: false, error: 'Say which form: ?form=enquiry or ?form=apply.' });
    reply(res, 200, { ok: true, token: issueToken(store.formTokenKey, form) }, { 'Cache-Control': 'no-store' });
  };

  const endpoint =
    (
      form: 'enquiry' | 'apply',
      limit: SubmissionLimit,
      read: (req: IncomingMessage, context: ReadContext) => Promise<Submission>,
    ): RouteHandler =>
    async (req: IncomingMessage, res: ServerResponse) => {
      // A preflight from an allowed origin gets 204 with its CORS headers (the cors package answers it).
      if (req.method === 'OPTIONS') return corsHandler(req, res, () => undefined);
      if (req.method !== 'POST')
        return reply(res, 405, { ok: false, error: apiMessages.methodNotAllowed('POST') }, { Allow: 'POST, OPTIONS' });
      corsHandler(req, res, () => undefined);
      const key = clientKey(clientAddress(req, trustProxy));
      const releases: (() => void)[] = [];
      try {
        // Everything the headers alone can refuse is refused before the body is asked for.
        if (isCrossSite(req, allowed)) throw refusal(403, apiMessages.crossSite);
        const waitSeconds = await limit.wait(key);
        if (waitSeconds > 0) throw refusal(429, apiMessages.tooMany(waitSeconds), waitSeconds);
        const read_ = await read(req, { key, invite: () => inviteBody(res), onAnswered: (release) => releases.push(release) });
        // Spam is stored flagged and answered as any submission is: a bot learns nothing from the answer.
        const submission: Submission = { ...read_, screening: screen(req, read_, store.formTokenKey, form) };
        const retrySeconds = await limit.take(key);
        if (retrySeconds > 0) throw refusal(429, apiMessages.tooMany(retrySeconds), retrySeconds);
        let id: number;
        try {
          id = await store.add(submission);
        } catch (error) {
          await limit.giveBack(key);
          throw storeRefusal(error);
        }
        reply(res, 201, { ok: true, id });
      } catch (error) {
        if (error instanceof ClientGone) return console.warn(logMessages.aborted(req.method ?? 'POST', req.url ?? '', error.received));
        if (!(error instanceof Refusal)) throw error;
        reply(res, error.status, error.body, error.headers);
      } finally {
        for (const release of releases) release();
      }
    };

  return {
    [FORM_PATHS.enquiry]: endpoint('enquiry', submissionLimit(perMinute, 'enquiry', store.sharedLimiter), readEnquiry),
    [FORM_PATHS.apply]: endpoint('apply', submissionLimit(perMinute, 'apply', store.sharedLimiter), readJobApplication),
    [FORM_TOKEN_PATH]: formToken,
  };
}
