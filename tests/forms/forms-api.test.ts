import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsApi } from '../../scripts/lib/forms-api';
import { createSiteServer } from '../../scripts/lib/server';
import { openStore, type Store } from '../../scripts/lib/store';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'forms-api-'));
const storePath = join(dir, 'submissions.db');

/** A running server over the real endpoints and a store of its own. */
async function start(perMinute = 1000): Promise<{ base: string; store: Store; stop: () => Promise<void> }> {
  const store = openStore(storePath);
  const server = createSiteServer({ distDir: join(root, 'dist'), routes: formsApi({ root, store, perMinute }) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        store.close();
      }),
  };
}

let server: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const enquiry = { name: 'Priya', mobile: '+91 9876543210', email: 'priya@example.com', message: 'A pilot, please.' };
const postJson = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  fetch(`${server.base}/api/enquiry`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

function application(cv?: { name: string; bytes: Uint8Array<ArrayBuffer> }): FormData {
  const form = new FormData();
  form.append('fullName', 'Priya Raman');
  form.append('phone', '9876543210');
  form.append('email', 'priya@example.com');
  form.append('coverLetter', 'I design dashboards.');
  if (cv) form.append('cv', new Blob([cv.bytes]), cv.name);
  return form;
}

describe('POST /api/enquiry', () => {
  it('stores a valid enquiry and answers 201 with its id', async () => {
    const response = await postJson(enquiry);
    expect(response.status).toBe(201);
    const { ok, id } = (await response.json()) as { ok: boolean; id: number };
    expect(ok).toBe(true);
    expect(server.store.enquiries().find((row) => row.id === id)).toMatchObject(enquiry);
  });

  it('answers 400 with the field errors in the spec words', async () => {
    const response = await postJson({ name: 'Priya Raman Subramanian', mobile: '+91 98765', email: 'priya@', message: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      errors: { name: 'Must be 15 characters or less', mobile: 'Phone number should be minimum 10 digits', email: 'Invalid Email', message: 'Message is required' },
    });
    const missing = await postJson({});
    expect(((await missing.json()) as { errors: object }).errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      mobileRef: 'Please select country code',
      mobile: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it('rejects a dial code it does not offer, unknown fields, and a body that is not a JSON object', async () => {
    expect(((await (await postJson({ ...enquiry, mobile: '+7 9876543210' })).json()) as { errors: object }).errors).toEqual({ mobileRef: 'Please select country code' });
    expect((await postJson({ ...enquiry, admin: true })).status).toBe(400);
    expect((await postJson('{"name": ')).status).toBe(400);
    expect((await postJson('[1, 2]')).status).toBe(400);
  });

  it('answers 415 for another content type and 413 for a body over 16 KB', async () => {
    expect((await postJson(enquiry, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await postJson({ ...enquiry, message: 'x'.repeat(17 * 1024) })).status).toBe(413);
  });

  it('stores 50 simultaneous enquiries, every one', async () => {
    const before = server.store.enquiries().length;
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => postJson({ ...enquiry, name: `Visitor ${i}` })));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const names = server.store.enquiries().slice(before).map((row) => row.name).sort();
    expect(names).toEqual(Array.from({ length: 50 }, (_, i) => `Visitor ${i}`).sort());
  });

  it('keeps what it stored when the server restarts', async () => {
    const response = await postJson({ ...enquiry, name: 'Before restart' });
    const { id } = (await response.json()) as { id: number };
    await server.stop();
    server = await start();
    expect(server.store.enquiries().find((row) => row.id === id)?.name).toBe('Before restart');
  });

  it('answers 429 when one address sends too many in a minute', async () => {
    const limited = await start(3);
    const send = () => fetch(`${limited.base}/api/enquiry`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(enquiry) });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    await limited.stop();
    server = await start();
  });
});

describe('POST /api/apply', () => {
  const pdf = new TextEncoder().encode('%PDF-1.7\n% a tiny test document\n');

  it('stores an application with its CV and answers 201', async () => {
    const response = await fetch(`${server.base}/api/apply`, { method: 'POST', body: application({ name: 'priya.pdf', bytes: pdf }) });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(server.store.applications().find((row) => row.id === id)).toMatchObject({ fullName: 'Priya Raman', cvName: 'priya.pdf', cvType: 'application/pdf', cvSize: pdf.length });
    expect(server.store.cvOf(id)?.equals(Buffer.from(pdf))).toBe(true);
  });

  it('accepts an application without a CV', async () => {
    expect((await fetch(`${server.base}/api/apply`, { method: 'POST', body: application() })).status).toBe(201);
  });

  it('answers 415 for a CV whose content is not an allowed format, whatever its name', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
    for (const name of ['cv.exe', 'cv.pdf']) {
      const response = await fetch(`${server.base}/api/apply`, { method: 'POST', body: application({ name, bytes: exe }) });
      expect(response.status, name).toBe(name.endsWith('.exe') ? 400 : 415);
    }
  });

  it('answers 413 for a CV over 5 MB, and 415 for a body that is not multipart', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(pdf);
    expect((await fetch(`${server.base}/api/apply`, { method: 'POST', body: application({ name: 'big.pdf', bytes: big }) })).status).toBe(413);
    expect((await fetch(`${server.base}/api/apply`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(415);
  });

  it('answers 400 with the field errors in the spec words', async () => {
    const response = await fetch(`${server.base}/api/apply`, { method: 'POST', body: new FormData() });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: object }).errors).toEqual({
      fullName: 'Full name is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      coverLetter: 'Cover letter is required',
    });
  });
});
