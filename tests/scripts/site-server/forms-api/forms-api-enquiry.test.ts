import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY, startSite, type RunningSite } from '../../../helpers/site-server';

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());

const postJson = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  fetch(`${site.base}/api/enquiry`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' || body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer> | string) : JSON.stringify(body),
  });

const errorsOf = async (response: Response): Promise<unknown> =>
  ((await response.json()) as { errors?: unknown; error?: unknown }).errors ?? null;

describe('POST /api/enquiry', () => {
  it('stores a valid enquiry and answers 201 with its id', async () => {
    const response = await postJson(ENQUIRY);
    expect(response.status).toBe(201);
    const { ok, id } = (await response.json()) as { ok: boolean; id: number };
    expect(ok).toBe(true);
    expect(
      site
        .reader()
        .enquiries()
        .find((row) => row.id === id),
    ).toMatchObject(ENQUIRY);
  });

  it("answers 400 with the field errors in the schema's words", async () => {
    const response = await postJson({ name: 'Priya Raman Subramanian', mobile: '+91 98765', email: 'priya@', message: '' });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({
      name: 'Must be 15 characters or less',
      mobile: 'Phone number should be minimum 10 digits',
      email: 'Invalid Email',
      message: 'Message is required',
    });
    expect(await errorsOf(await postJson({}))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      mobileRef: 'Please select country code',
      mobile: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it('gives every text field a maximum length, checked in the schema words', async () => {
    const response = await postJson({
      ...ENQUIRY,
      mobile: `+91 ${'9'.repeat(8000)}`,
      email: `${'a'.repeat(250)}@example.com`,
      message: 'x'.repeat(4001),
    });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({
      mobile: 'Phone number must be 15 digits or less',
      email: 'Email must be 254 characters or less',
      message: 'Message must be 4000 characters or less',
    });
  });

  it('accepts the longest valid enquiry, 4,000 emoji included', async () => {
    const message = '😀'.repeat(4000);
    const response = await postJson({ ...ENQUIRY, message });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(
      site
        .reader()
        .enquiries()
        .find((row) => row.id === id)?.message,
    ).toBe(message);
  });

  it('rejects a dial code it does not offer, unknown fields, and a body that is not a JSON object', async () => {
    expect(await errorsOf(await postJson({ ...ENQUIRY, mobile: '+7 9876543210' }))).toEqual({ mobileRef: 'Please select country code' });
    expect((await postJson({ ...ENQUIRY, admin: true })).status).toBe(400);
    for (const body of ['{"name": ', '[1, 2]', 'null', '"text"', '']) {
      const response = await postJson(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ ok: false, error: 'The request body is not a JSON object.' });
    }
  });

  it('refuses text that is not well-formed Unicode: a lone surrogate, or bytes that are not UTF-8', async () => {
    const loneSurrogate = JSON.stringify({ ...ENQUIRY, name: 'Priya' }).replace('Priya', 'Pri\\ud800ya');
    const latin1 = new Uint8Array(Buffer.from(JSON.stringify({ ...ENQUIRY, name: 'Müller' }), 'latin1'));
    for (const body of [loneSurrogate, latin1]) {
      const response = await postJson(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        error: 'The request holds text that is not well-formed Unicode (a lone surrogate, or bytes that are not UTF-8).',
      });
    }
  });

  it('matches its media type exactly and in any case: 415 for any other', async () => {
    expect((await postJson(ENQUIRY, { 'Content-Type': 'Application/JSON; Charset=UTF-8' })).status).toBe(201);
    for (const type of [
      'text/plain',
      'application/jsonp-evil',
      'application/json-seq',
      'application/json; charset=latin1',
      'application/json;;',
      '',
    ]) {
      const response = await postJson(ENQUIRY, type ? { 'Content-Type': type } : {});
      expect(response.status, type).toBe(415);
      if (type === 'text/plain') expect(await response.json()).toEqual({ ok: false, error: 'Send this form as application/json.' });
    }
  });

  it('answers 413 for a body larger than any valid enquiry, announced or streamed', async () => {
    const huge = JSON.stringify({ ...ENQUIRY, message: 'x'.repeat(40 * 1024) });
    expect((await postJson(huge)).status).toBe(413);
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(huge));
        controller.close();
      },
    });
    const response = await fetch(`${site.base}/api/enquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: streamed,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, error: 'An enquiry may be at most 26 KB.' });
  });

  it('stores 50 simultaneous enquiries, every one', async () => {
    const before = site.reader().enquiries().length;
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => postJson({ ...ENQUIRY, name: `Visitor ${i}` })));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const names = site
      .reader()
      .enquiries()
      .slice(before)
      .map((row) => row.name)
      .sort();
    expect(names).toEqual(Array.from({ length: 50 }, (_, i) => `Visitor ${i}`).sort());
  });

  it('keeps what it stored when the server restarts', async () => {
    const { id } = (await (await postJson({ ...ENQUIRY, name: 'Before restart' })).json()) as { id: number };
    const storePath = site.storePath;
    const again = await startSite({ storePath });
    expect(
      again
        .reader()
        .enquiries()
        .find((row) => row.id === id)?.name,
    ).toBe('Before restart');
    await again.stop();
  });

  it('answers 405 to other methods on its address, naming the one it takes', async () => {
    const response = await fetch(`${site.base}/api/enquiry`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
