import { Ajv } from 'ajv';
import ajvErrors from 'ajv-errors';
import Busboy from 'busboy';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fieldErrors } from '../../src/forms/field-errors';
import { cvType } from './file-signature';
import type { RouteHandler } from './server';
import type { Store } from './store';

/** Body limits: an enquiry is a few lines of text; an application carries a CV of up to 5 MB. */
export const ENQUIRY_LIMIT = 16 * 1024;
export const APPLICATION_LIMIT = 5 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;

function reply(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Allows each address a number of submissions per minute, per endpoint. */
function rateLimiter(perMinute: number) {
  const seen = new Map<string, number[]>();
  return (address: string): boolean => {
    const now = Date.now();
    const recent = (seen.get(address) ?? []).filter((time) => now - time < 60_000);
    recent.push(now);
    seen.set(address, recent);
    return recent.length <= perMinute;
  };
}

/**
 * Reads a body of at most `limit` bytes; null when it is larger. A larger body is still
 * read to its end (and dropped), so that the client receives the 413 answer.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export interface FormsApiOptions {
  root: string;
  store: Store;
  /** Submissions one address may make per minute on each endpoint. */
  perMinute?: number;
}

/**
 * The endpoints behind the site's forms, validating every request with the same JSON
 * Schemas as the browser (never trusting it) and answering in the spec's words.
 */
export function formsApi({ root, store, perMinute = 10 }: FormsApiOptions): Record<string, RouteHandler> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajvErrors(ajv);
  const schemaOf = (name: string) => JSON.parse(readFileSync(join(root, 'schemas/forms', `${name}.schema.json`), 'utf8')) as object;
  const enquirySchema = schemaOf('enquiry');
  const applySchema = schemaOf('apply');
  const validateEnquiry = ajv.compile(enquirySchema);
  const validateApplication = ajv.compile(applySchema);
  const enquiryAllowed = rateLimiter(perMinute);
  const applicationAllowed = rateLimiter(perMinute);
  const addressOf = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';

  const enquiry: RouteHandler = async (req, res) => {
    if (!enquiryAllowed(addressOf(req))) return reply(res, 429, { ok: false, error: 'Too many enquiries from this address; please wait a minute.' });
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return reply(res, 415, { ok: false, error: 'Send the enquiry as application/json.' });
    const body = Number(req.headers['content-length'] ?? 0) > ENQUIRY_LIMIT ? null : await readBody(req, ENQUIRY_LIMIT);
    if (!body) req.resume();
    if (!body) return reply(res, 413, { ok: false, error: `An enquiry may be at most ${ENQUIRY_LIMIT / 1024} KB.` });
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new Error('not an object');
    } catch {
      return reply(res, 400, { ok: false, errors: { '': 'The request body is not a JSON object.' } });
    }
    // The payload carries "+91 9876543210"; the schema checks its two parts as the form does.
    const { mobile, ...rest } = payload;
    const [, mobileRef, number] = /^(\+\d{1,4}) (\S*)$/.exec(typeof mobile === 'string' ? mobile : '') ?? [];
    const data = { ...rest, ...(mobileRef ? { mobileRef } : {}), ...(number ? { mobile: number } : typeof mobile === 'string' && !mobileRef && mobile ? { mobile } : {}) };
    if (!validateEnquiry(data)) return reply(res, 400, { ok: false, errors: fieldErrors(validateEnquiry.errors, enquirySchema) });
    const valid = data as { name: string; email: string; message: string; mobileRef: string; mobile: string };
    const id = store.addEnquiry({ name: valid.name, mobile: `${valid.mobileRef} ${valid.mobile}`, email: valid.email, message: valid.message });
    reply(res, 201, { ok: true, id });
  };

  const apply: RouteHandler = (req, res) =>
    new Promise<void>((resolve) => {
      const done = (status: number, body: object): void => {
        if (!res.headersSent) reply(res, status, body);
        resolve();
      };
      if (!applicationAllowed(addressOf(req))) return done(429, { ok: false, error: 'Too many applications from this address; please wait a minute.' });
      if (!(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) return done(415, { ok: false, error: 'Send the application as multipart/form-data.' });
      if (Number(req.headers['content-length'] ?? 0) > APPLICATION_LIMIT + MULTIPART_OVERHEAD) {
        req.resume();
        return done(413, { ok: false, error: 'An application may carry a CV of at most 5 MB.' });
      }
      const fields: Record<string, string> = {};
      let cv: { name: string; content: Buffer } | undefined;
      let tooLarge = false;
      let parser: Busboy.Busboy;
      try {
        parser = Busboy({ headers: req.headers, limits: { fileSize: APPLICATION_LIMIT, files: 1, fields: 10, fieldSize: 16 * 1024 } });
      } catch {
        return done(400, { ok: false, errors: { '': 'The multipart body cannot be read.' } });
      }
      parser.on('field', (name, value) => (fields[name] = value));
      parser.on('file', (name, stream, info) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => (tooLarge = true));
        stream.on('close', () => {
          if (name === 'cv' && info.filename) cv = { name: info.filename, content: Buffer.concat(chunks) };
        });
      });
      parser.on('error', () => done(400, { ok: false, errors: { '': 'The multipart body cannot be read.' } }));
      parser.on('close', () => {
        if (tooLarge) return done(413, { ok: false, error: 'An application may carry a CV of at most 5 MB.' });
        const data = { ...fields, ...(cv ? { cv: { name: cv.name, size: cv.content.length } } : {}) };
        if (!validateApplication(data)) return done(400, { ok: false, errors: fieldErrors(validateApplication.errors, applySchema) });
        const type = cv ? cvType(cv.name, cv.content) : undefined;
        if (cv && !type) return done(415, { ok: false, errors: { cv: 'CV must be a PDF, DOCX, DOC, RTF or TXT file' } });
        const valid = data as { fullName: string; phone: string; email: string; coverLetter: string };
        const id = store.addApplication({ fullName: valid.fullName, phone: valid.phone, email: valid.email, coverLetter: valid.coverLetter, cvName: cv?.name ?? null, cvType: type ?? null }, cv?.content ?? null);
        done(201, { ok: true, id });
      });
      req.pipe(parser);
    });

  return { 'POST /api/enquiry': enquiry, 'POST /api/apply': apply };
}
