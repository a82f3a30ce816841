/**
 * The editor's start-up lines carry its token only to the person at the terminal: written to a
 * pipe, a file or a log, the address is printed without it (a log keeps what it is given), with
 * a line saying how to add it; at a terminal (a pseudo-terminal made by script(1)), the address
 * carries the token, percent-encoded, as before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../helpers/notify';
import { root, scratchFolder, TSX } from '../../helpers/project';

const TOKEN = 'edit+token/S3cret=0123456789';
const running: ChildProcess[] = [];
let project: string;

beforeAll(() => {
  project = join(scratchFolder('editor-start-lines'), 'project');
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(project, folder), { recursive: true });
});
afterAll(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts the editor (through `command` and `args`) and gives everything it printed once its start-up lines are out. */
async function startUpLines(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, EDIT_ROOT: project, EDIT_PORT: '0', EDIT_HOST: '127.0.0.1', EDIT_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until('the editor’s start-up lines', () => output.includes('Stop it with Ctrl+C.') || child.exitCode !== null);
  child.kill('SIGTERM');
  return output.replace(/\r\n/g, '\n');
}

const holdsToken = (text: string): boolean => text.includes(TOKEN) || text.includes(encodeURIComponent(TOKEN)) || text.includes('S3cret');

describe('the editor’s start-up lines', () => {
  it('leave the token out of the address when the output is not a terminal, and say how to add it', async () => {
    const output = await startUpLines(process.execPath, [...TSX, join(root, 'scripts/edit.ts')]);
    expect(output).toMatch(/^Page editor: http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect(output).toContain(
      'The token is left out of that address, since this output is not a terminal and a log keeps what it is given: open it with ?token= and your EDIT_TOKEN added, percent-encoded.\n',
    );
    expect(holdsToken(output)).toBe(false);
  });

  it('give the address with the token, percent-encoded, at a terminal', async () => {
    const command = [process.execPath, ...TSX, join(root, 'scripts/edit.ts')].map((part) => `'${part}'`).join(' ');
    const output = await startUpLines('script', ['-qfec', command, '/dev/null']);
    expect(output).toMatch(
      new RegExp(`^Page editor: http://127\\.0\\.0\\.1:\\d+/\\?token=${encodeURIComponent(TOKEN).replace(/[+%]/g, '\\$&')}$`, 'm'),
    );
    expect(output).not.toContain('The token is left out');
  });
});
