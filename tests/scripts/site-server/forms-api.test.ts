import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_FIELDS, ENQUIRY, MULTIPART, multipart, startSite, type RunningSite } from '../../helpers/site-server';

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
const postApplication = (
  body: Buffer<ArrayBuffer> | FormData,
  headers: Record<string, string> = body instanceof FormData ? {} : { 'Content-Type': MULTIPART },
) => fetch(`${site.base}/api/apply`, { method: 'POST', headers, body });

function application(cv?: { name: string; bytes: Uint8Array<ArrayBuffer> }, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const { name, content } of APPLICATION_FIELDS) form.append(name, fields[name] ?? content);
  if (cv) form.append('cv', new Blob([cv.bytes]), cv.name);
  return form;
}
const pdf = (size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};
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

describe('POST /api/apply', () => {
  it('stores an application with its CV and answers 201', async () => {
    const bytes = pdf(40);
    const response = await postApplication(application({ name: 'priya.pdf', bytes }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(
      site
        .reader()
        .applications()
        .find((row) => row.id === id),
    ).toMatchObject({ fullName: 'Priya Raman', cvName: 'priya.pdf', cvType: 'application/pdf', cvSize: 40 });
    expect(site.reader().cvOf(id)?.equals(Buffer.from(bytes))).toBe(true);
  });

  it('accepts an application without a CV, or with the empty file part a browser sends for an empty input', async () => {
    expect((await postApplication(application())).status).toBe(201);
    expect(
      (
        await postApplication(
          multipart([...APPLICATION_FIELDS, { name: 'cv', filename: '', type: 'application/octet-stream', content: '' }]),
        )
      ).status,
    ).toBe(201);
  });

  it('accepts a CV of exactly 5 MB and answers 413 for one byte more', async () => {
    const exact = await postApplication(application({ name: 'exact.pdf', bytes: pdf(5 * 1024 * 1024) }));
    expect(exact.status).toBe(201);
    const { id } = (await exact.json()) as { id: number };
    expect(
      site
        .reader()
        .applications()
        .find((row) => row.id === id)?.cvSize,
    ).toBe(5 * 1024 * 1024);
    const over = await postApplication(application({ name: 'over.pdf', bytes: pdf(5 * 1024 * 1024 + 1) }));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ ok: false, error: 'An application may carry a CV of at most 5 MB.' });
  });

  it('keeps a cover letter of 4,500 emoji whole, and refuses one over 5,000 characters in the schema words', async () => {
    const coverLetter = '🙂'.repeat(4500);
    const response = await postApplication(application(undefined, { coverLetter }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(
      site
        .reader()
        .applications()
        .find((row) => row.id === id)?.coverLetter,
    ).toBe(coverLetter);
    for (const tooLong of ['🙂'.repeat(5001), 'x'.repeat(30_000)]) {
      const refused = await postApplication(application(undefined, { coverLetter: tooLong }));
      expect(refused.status).toBe(400);
      expect(await errorsOf(refused)).toEqual({ coverLetter: 'Cover letter must be 5000 characters or less' });
    }
  });

  it('finds the CV by its part name wherever it stands', async () => {
    const body = multipart([
      { name: 'cv', filename: 'first.pdf', type: 'application/pdf', content: '%PDF-1.7 first' },
      ...APPLICATION_FIELDS,
    ]);
    const response = await postApplication(body);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(
      site
        .reader()
        .applications()
        .find((row) => row.id === id),
    ).toMatchObject({ cvName: 'first.pdf', cvSize: 14 });
  });

  it('keeps non-ASCII file names, sent raw in UTF-8 or as RFC 5987 filename*', async () => {
    const raw = await postApplication(
      multipart([...APPLICATION_FIELDS, { name: 'cv', filename: 'Lebenslauf_Müller.pdf', type: 'application/pdf', content: '%PDF-1.7' }]),
    );
    const star = await postApplication(
      multipart([
        ...APPLICATION_FIELDS,
        {
          name: 'cv',
          filename: 'cv.pdf',
          filenameStar: "UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf",
          type: 'application/pdf',
          content: '%PDF-1.7',
        },
      ]),
    );
    const ids = [raw, star].map(async (response) => ((await response.json()) as { id: number }).id);
    const names = (await Promise.all(ids)).map(
      (id) =>
        site
          .reader()
          .applications()
          .find((row) => row.id === id)?.cvName,
    );
    expect(names).toEqual(['Lebenslauf_Müller.pdf', '履歴書.pdf']);
  });

  it('refuses a file in any other part, or a second CV, rather than dropping it', async () => {
    const other = await postApplication(
      multipart([...APPLICATION_FIELDS, { name: 'resume', filename: 'cv.pdf', type: 'application/pdf', content: '%PDF-1.7' }]),
    );
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      ok: false,
      error: 'An application carries one file, the CV, in the field named "cv"; it also held a file in "resume".',
    });
    const twice = await postApplication(
      multipart([
        ...APPLICATION_FIELDS,
        { name: 'cv', filename: 'a.pdf', type: 'application/pdf', content: '%PDF-1.7' },
        { name: 'cv', filename: 'b.pdf', type: 'application/pdf', content: '%PDF-1.7' },
      ]),
    );
    expect(twice.status).toBe(400);
  });

  it('refuses a field sent twice and more parts than the form has', async () => {
    expect((await postApplication(multipart([...APPLICATION_FIELDS, { name: 'email', content: 'other@example.com' }]))).status).toBe(400);
    const many = Array.from({ length: 20 }, (_, i) => ({ name: `extra${i}`, content: 'x' }));
    const response = await postApplication(multipart([...APPLICATION_FIELDS, ...many]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, error: 'The application has more parts than its form has fields.' });
  });

  it('answers 415 for a CV whose content is not an allowed format, whatever its name', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
    const named = await postApplication(application({ name: 'cv.exe', bytes: exe }));
    expect(named.status).toBe(400);
    expect(await errorsOf(named)).toEqual({ 'cv.name': 'CV must be a PDF, DOCX, DOC, RTF or TXT file' });
    const disguised = await postApplication(application({ name: 'cv.pdf', bytes: exe }));
    expect(disguised.status).toBe(415);
    expect(await errorsOf(disguised)).toEqual({ cv: 'CV must be a PDF, DOCX, DOC, RTF or TXT file' });
  });

  it('answers 415 for a body that is not multipart, matching the media type in any case', async () => {
    expect((await postApplication(multipart([]), { 'Content-Type': 'application/json' })).status).toBe(415);
    expect((await postApplication(multipart(APPLICATION_FIELDS), { 'Content-Type': 'MULTIPART/Form-Data; boundary=B' })).status).toBe(201);
    expect((await postApplication(multipart(APPLICATION_FIELDS), { 'Content-Type': 'multipart/form-dataX; boundary=B' })).status).toBe(415);
  });

  it("answers 400 with the field errors in the schema's words", async () => {
    const response = await postApplication(new FormData());
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({
      fullName: 'Full name is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      coverLetter: 'Cover letter is required',
    });
  });

  it('answers 503 with Retry-After while too many CVs are held in memory at once, storing nothing', async () => {
    const small = await startSite({ maxBufferedCvBytes: 1024 });
    const response = await fetch(`${small.base}/api/apply`, { method: 'POST', body: application({ name: 'cv.pdf', bytes: pdf(4096) }) });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(small.reader().applications()).toEqual([]);
    // What was held is released: a small CV still fits.
    expect(
      (await fetch(`${small.base}/api/apply`, { method: 'POST', body: application({ name: 'cv.pdf', bytes: pdf(512) }) })).status,
    ).toBe(201);
    await small.stop();
  });
});
