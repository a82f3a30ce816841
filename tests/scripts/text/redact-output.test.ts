/**
 * redactOutput hides secrets in everything a process writes to stdout and stderr: console lines,
 * raw writes of text or bytes, and what its worker threads write, which reaches the same streams.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, TSX } from '../../helpers/project';

/** A process that registers a secret, redacts its output, and writes in every way a server does. */
const PROGRAM = `
import { Worker } from 'node:worker_threads';
import { registerSecret } from ${JSON.stringify(join(root, 'scripts/text/redact.ts'))};
import { redactOutput, showOnTerminal } from ${JSON.stringify(join(root, 'scripts/text/redact-output.ts'))};
registerSecret('hunter2-S3cret');
redactOutput();
console.log('log: hunter2-S3cret and smtp://site:pw@mail.example.com');
console.error('error: Bearer abcdef123456');
process.stdout.write(Buffer.from('bytes: hunter2-S3cret\\n'));
process.stderr.write('text: whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2L\\n', () => process.stderr.write('callback called\\n'));
console.log('shown on a terminal: ' + showOnTerminal('terminal: hunter2-S3cret'));
const worker = new Worker("console.error('worker: hunter2-S3cret')", { eval: true });
worker.once('exit', () => process.stdout.write(Buffer.from([0xff, 0x00, 0x0a])));
`;

describe('redactOutput', () => {
  it('reports an uncaught exception through the redactor, and ends the process with code 1 as Node does', () => {
    const program = `
import { registerSecret } from ${JSON.stringify(join(root, 'scripts/text/redact.ts'))};
import { redactOutput } from ${JSON.stringify(join(root, 'scripts/text/redact-output.ts'))};
registerSecret('hunter2-S3cret');
redactOutput();
setImmediate(() => { throw new Error('could not log in to smtp://site:hunter2-S3cret@mail.example.com with hunter2-S3cret'); });
`;
    const run = spawnSync(process.execPath, [...TSX, '--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^Uncaught exception: Error: could not log in to smtp:\/\/site:\*\*\*@mail\.example\.com with \*\*\*\n {4}at /,
    );
    expect(run.stderr).not.toContain('S3cret');
  });

  it('hides secrets in every line a process and its threads write, and passes bytes that are not text as they are', () => {
    const run = spawnSync(process.execPath, [...TSX, '--input-type=module', '-e', PROGRAM], { cwd: root });
    expect(run.status).toBe(0);
    expect(run.stdout.toString('latin1').split('\n')).toEqual([
      'log: *** and smtp://site:***@mail.example.com',
      'bytes: ***',
      // Not a terminal: the line that would carry the secret is not written at all.
      'shown on a terminal: false',
      '\u00ff\u0000',
      '',
    ]);
    expect(run.stderr.toString('utf8').split('\n')).toEqual(['error: Bearer ***', 'text: whsec_***', 'callback called', 'worker: ***', '']);
  });
});
