import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../scripts/lib/store';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'enquiries-cli-'));
const storePath = join(dir, 'submissions.db');
const run = (...args: string[]): string =>
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/enquiries.ts'), ...args], { env: { ...process.env, STORE_PATH: storePath }, encoding: 'utf8' });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run enquiries', () => {
  it('says so when nothing was received yet', () => {
    expect(run()).toContain('Nothing received yet');
  });

  it('lists what was received as tables, or as CSV with --csv', () => {
    const store = openStore(storePath);
    store.addEnquiry({ name: 'Priya', mobile: '+91 9876543210', email: 'priya@example.com', message: 'Hello, "team", a pilot please' });
    store.addApplication({ fullName: 'Arun K', phone: '9876543210', email: 'arun@example.com', coverLetter: 'Keen.', cvName: 'arun.pdf', cvType: 'application/pdf' }, Buffer.from('%PDF-1.7'));
    store.close();
    const table = run();
    expect(table).toContain('Enquiries: 1');
    expect(table).toContain('+91 9876543210');
    expect(table).toContain('Job applications: 1');
    const csv = run('--csv').trim().split('\n');
    expect(csv[0]).toBe('id,receivedAt,name,mobile,email,message');
    expect(csv[1]).toMatch(/^1,[^,]+,Priya,\+91 9876543210,priya@example.com,"Hello, ""team"", a pilot please"$/);
    expect(csv[2]).toBe('id,receivedAt,fullName,phone,email,cvName,cvType,cvSize,coverLetter');
  });
});
