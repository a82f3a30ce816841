import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_FIELDS, MULTIPART, multipart, startSite, type RunningSite } from '../../../helpers/site-server';

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());

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
