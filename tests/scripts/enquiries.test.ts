import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { safeCell, visible } from '../../scripts/enquiries';
import { openStore } from '../../scripts/lib/store';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'enquiries-cli-'));
const storePath = join(dir, 'submissions.db');
const run = (...args: string[]): string =>
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/enquiries.ts'), ...args], {
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
    expect(csv[0]).toBe('id,receivedAt,name,mobile,email,message');
    expect(csv[1]).toMatch(/^1,[^,]+,Priya,'\+91 9876543210,priya@example.com,"Hello, ""team"", a pilot please"$/);
    expect(csv[2]).toBe('id,receivedAt,fullName,phone,email,cvName,cvType,cvSize,coverLetter');
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
    expect(csv).toContain(',\\u{d}CR first');
    const table = run();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters that must not be there.
    for (const output of [csv, table]) expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/u);
  });

  it('escapes and neutralises by the same rules it documents', () => {
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
    expect(visible('a\u001bb\r\nc', { keepLineBreaks: true })).toBe('a\\u{1b}b\nc');
    expect(visible('a\nb', { keepLineBreaks: false })).toBe('a\\u{a}b');
  });
});
