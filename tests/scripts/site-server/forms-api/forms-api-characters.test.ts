import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenCharacters } from '../../../fixtures/hidden-characters';
import { APPLICATION_FIELDS, ENQUIRY, MULTIPART, multipart, startSite, type RunningSite } from '../../../helpers/site-server';

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());

const postEnquiry = (fields: Partial<typeof ENQUIRY>) =>
  fetch(`${site.base}/api/enquiry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ENQUIRY, ...fields }),
  });
function postApplication(fields: Record<string, string>) {
  const body = new FormData();
  for (const { name, content } of APPLICATION_FIELDS) body.append(name, fields[name] ?? content);
  return fetch(`${site.base}/api/apply`, { method: 'POST', body });
}
const answer = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });

describe('form endpoints, on characters that act or hide', () => {
  it('refuse an e-mail address holding a control, direction, zero-width, separator, tag, private-use or other invisible character, as an invalid e-mail', async () => {
    const refused = { status: 400, ok: false, errors: { email: 'Invalid Email' } };
    const answers: Record<string, unknown> = {};
    for (const { kind, character } of hiddenCharacters) {
      const email = `pri${character}ya@example.com`;
      answers[kind] = [await answer(await postEnquiry({ email })), await answer(await postApplication({ email }))];
    }
    expect(answers).toEqual(Object.fromEntries(hiddenCharacters.map(({ kind }) => [kind, [refused, refused]])));
  });

  it('refuse a control, a line break or a direction override in a name, and a control other than tab or line break in longer text', async () => {
    for (const name of ['Pri\u0007ya', 'Pri\nya', 'Pri\u2028ya', 'Pri\u202eya', 'Pri\u2067ya'])
      expect(await answer(await postEnquiry({ name })), JSON.stringify(name)).toEqual({
        status: 400,
        ok: false,
        errors: { name: 'Name must not contain control characters, which can come invisibly with pasted text' },
      });
    expect(await answer(await postEnquiry({ message: 'Hello\u001b[2J' }))).toEqual({
      status: 400,
      ok: false,
      errors: { message: 'Message must not contain control characters, which can come invisibly with pasted text' },
    });
    expect(await answer(await postApplication({ fullName: 'Priya\u202dRaman', coverLetter: 'Keen\u0000' }))).toEqual({
      status: 400,
      ok: false,
      errors: {
        fullName: 'Full name must not contain control characters, which can come invisibly with pasted text',
        coverLetter: 'Cover letter must not contain control characters, which can come invisibly with pasted text',
      },
    });
  });

  it('refuse a control character in a CV’s file name, a NUL (which PostgreSQL cannot store) included', async () => {
    for (const filenameStar of ["UTF-8''cv%00.pdf", "UTF-8''cv%1B%5B2J.pdf", "UTF-8''cv%0D%0A.pdf"]) {
      const body = multipart([
        ...APPLICATION_FIELDS,
        { name: 'cv', filename: 'cv.pdf', filenameStar, type: 'application/pdf', content: '%PDF-1.7 a CV' },
      ]);
      const refused = await fetch(`${site.base}/api/apply`, { method: 'POST', headers: { 'content-type': MULTIPART }, body });
      expect(await answer(refused), filenameStar).toEqual({
        status: 400,
        ok: false,
        errors: { 'cv.name': 'CV file name must not contain control characters' },
      });
    }
  });

  it('accept what real text holds: joiners in a name, tabs, line breaks and emoji in longer text', async () => {
    const persian = 'علی\u200cرضا';
    const text = 'Line one\r\nLine two\n\tindented 👨\u200d👩\u200d👧 \u2764\ufe0f';
    expect((await postEnquiry({ name: persian, email: 'josé@exämple.com', message: text })).status).toBe(201);
    expect((await postApplication({ fullName: `${persian} Rahimi`, coverLetter: text })).status).toBe(201);
  });
});
