import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { safeCell } from '../../scripts/text/safe-cell';
import { openSqlite as openStore } from '../../scripts/site-server/store/open-sqlite';
import { hiddenCharacters } from '../fixtures/hidden-characters';
import { TSX, root } from '../helpers/project';

const dir = mkdtempSync(join(tmpdir(), 'enquiries-cli-'));
const storePath = join(dir, 'submissions.db');
const run = (...args: string[]): string =>
  execFileSync(process.execPath, [...TSX, join(root, 'scripts/enquiries.ts'), ...args], {
    env: { ...process.env, STORE_PATH: storePath },
    encoding: 'utf8',
  });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run enquiries', () => {
  it('says so when nothing was received yet', () => {
    expect(run()).toContain('Nothing received yet');
  });

  it('lists what was received as tables, or as CSV with --csv', () => {
    const store = openStore(storePath);
    store.addEnquiry({ name: 'Priya', mobile: '+91 9876543210', email: 'priya@example.com', message: 'Hello, "team", a pilot please' });
    store.addApplication(
      {
        fullName: 'Arun K',
        phone: '9876543210',
        email: 'arun@example.com',
        coverLetter: 'Keen.',
        cvName: 'arun.pdf',
        cvType: 'application/pdf',
      },
      Buffer.from('%PDF-1.7'),
    );
    store.close();
    const table = run();
    expect(table).toContain('Enquiries: 1');
    expect(table).toContain('+91 9876543210');
    expect(table).toContain('Job applications: 1');
    const csv = run('--csv').trim().split('\n');
    expect(csv[0]).toBe('id,receivedAt,name,mobile,email,message,spam,suspected,delivery');
    expect(csv[1]).toMatch(
      /^1,[^,]+,Priya,'\+91 9876543210,priya@example.com,"Hello, ""team"", a pilot please",,,not sent: no SMTP_URL or WEBHOOK_URL was set$/,
    );
    expect(csv[2]).toBe('id,receivedAt,fullName,phone,email,cvName,cvType,cvSize,coverLetter,spam,suspected,delivery');
  });

  it('shows where each submission’s deliveries stand: delivered, waiting with its last error, or failed', () => {
    const path = join(dir, 'deliveries.db');
    const store = openStore(path, { channels: ['email', 'webhook'] });
    const id = store.addEnquiry({ name: 'Lee', mobile: '555', email: 'lee@example.com', message: 'Hi' });
    const [mail, hook] = store.outbox.claim(Date.now(), 10_000, 2);
    if (!mail || !hook) throw new Error('Both deliveries are due at once.');
    store.outbox.delivered(mail.id);
    store.outbox.failed(hook, 'the receiver answered 503', [60]);
    const second = store.addEnquiry({ name: 'Kim', mobile: '556', email: 'kim@example.com', message: 'Hello' });
    for (const delivery of store.outbox.claim(Date.now(), 10_000, 5).filter((each) => each.submissionId === second))
      store.outbox.failed(delivery, 'connect ECONNREFUSED 127.0.0.1:25', []);
    store.close();
    const csv = execFileSync(process.execPath, [...TSX, join(root, 'scripts/enquiries.ts'), '--csv'], {
      env: { ...process.env, STORE_PATH: path },
      encoding: 'utf8',
    });
    expect(csv).toContain(`${id},`);
    expect(csv).toContain(',"e-mail delivered; webhook waiting (1 try, the last: the receiver answered 503)"');
    expect(csv).toContain(
      ',e-mail FAILED after 1 try: connect ECONNREFUSED 127.0.0.1:25; webhook FAILED after 1 try: connect ECONNREFUSED 127.0.0.1:25',
    );
  });

  it('shows why a submission was delivered marked suspected, and why another was taken for spam', () => {
    const path = join(dir, 'suspected.db');
    const store = openStore(path, { channels: ['webhook'] });
    const screened = (message: string, spam: string | null, suspected: string | null) =>
      store.addAll([
        {
          kind: 'enquiry',
          enquiry: { name: 'Meera', mobile: '+91 9876543210', email: 'meera@example.com', message },
          screening: { spam, suspected, nonce: null, digest: message },
        },
      ]);
    screened('Autofilled', null, 'sent within 2 seconds of the form opening');
    screened('Cheap watches', 'honeypot filled', null);
    store.close();
    const csv = execFileSync(process.execPath, [...TSX, join(root, 'scripts/enquiries.ts'), '--csv'], {
      env: { ...process.env, STORE_PATH: path },
      encoding: 'utf8',
    });
    expect(csv).toContain(',Autofilled,,sent within 2 seconds of the form opening,webhook waiting\n');
    expect(csv).toContain(',Cheap watches,honeypot filled,,not sent: spam\n');
  });

  it('neutralises cells a spreadsheet would run as formulas, and escapes control characters', () => {
    const store = openStore(storePath);
    store.addEnquiry({
      name: '=HYPERLINK("http://evil.example")',
      mobile: '+91 9876543210',
      email: '@SUM(1)',
      message: '-2+3\u001b[31mred\u0007\u0000 \u202eevil\r\nsecond line',
    });
    store.addEnquiry({ name: '\tTabbed', mobile: '+91 9876543210', email: 'x@example.com', message: '\rCR first' });
    store.close();
    const csv = run('--csv');
    expect(csv).toContain(`'=HYPERLINK(""http://evil.example"")`);
    expect(csv).toContain(`'@SUM(1)`);
    expect(csv).toContain(`"'-2+3\\u{1b}[31mred\\u{7}\\u{0} \\u{202e}evil\nsecond line"`);
    expect(csv).toContain(',\\u{9}Tabbed,');
    // A bare CR is a line break like any other: shown as one, never as a line the reader cannot tell from the file's own.
    expect(csv).toContain(',"\nCR first"');
    const table = run();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters that must not be there.
    for (const output of [csv, table]) expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/u);
  });

  it('escapes every control, direction, zero-width, separator, tag, private-use and unassigned character, in tables and CSV', () => {
    const store = openStore(storePath);
    for (const { kind, character } of hiddenCharacters)
      store.addEnquiry({ name: `a${character}b`, mobile: '+91 9876543210', email: `x${character}@example.com`, message: kind });
    store.close();
    // The kinds shown raw, or not as their escape (or, where CSV keeps line breaks, as a line break): none, in either format.
    const shownWrong = (output: string, keepsLineBreaks: boolean): string[] =>
      hiddenCharacters
        .filter(({ character, escaped, lineBreak }) => {
          const shown = lineBreak && keepsLineBreaks ? '\n' : escaped;
          return output.includes(character) || !output.includes(`a${shown}b`) || !output.includes(`x${shown}@example.com`);
        })
        .map(({ kind }) => kind);
    expect({ table: shownWrong(run(), false), csv: shownWrong(run('--csv'), true) }).toEqual({ table: [], csv: [] });
  });

  it('shows a backslash the visitor typed doubled, so typed text never reads as an escape', () => {
    const store = openStore(storePath);
    store.addEnquiry({ name: 'Typed', mobile: '+91 9876543210', email: 'y@example.com', message: 'real \u001b, typed \\u{1b}' });
    store.close();
    for (const output of [run(), run('--csv')]) {
      expect(output).toContain('real \\u{1b}, typed \\\\u{1b}');
      // console.table's own quoting and escaping is not added on top.
      expect(output).not.toContain('\\\\\\');
    }
  });

  it('escapes the file name of a CV as it escapes what the visitor typed', () => {
    const store = openStore(storePath);
    store.addApplication(
      {
        fullName: 'Mallory',
        phone: '9876543210',
        email: 'm@example.com',
        coverLetter: 'Keen.',
        cvName: 'C:\\cv\u202etxt.\u{e0041}pdf',
        cvType: 'application/pdf',
      },
      Buffer.from('%PDF-1.7'),
    );
    store.close();
    for (const output of [run(), run('--csv')]) expect(output).toContain('C:\\\\cv\\u{202e}txt.\\u{e0041}pdf');
  });

  it('cuts a long value in the table at a whole escape', () => {
    const store = openStore(storePath);
    store.addEnquiry({ name: 'Long', mobile: '+91 9876543210', email: 'z@example.com', message: 'ab\u200b'.repeat(20) });
    store.close();
    expect(run()).toContain(`${'ab\\u{200b}'.repeat(3)}ab…`);
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    expect(['=1', '+1', '-1', '@a', '\t1', '\r1', 'a=1', '1'].map(safeCell)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\t1",
      "'\r1",
      'a=1',
      '1',
    ]);
  });
});
