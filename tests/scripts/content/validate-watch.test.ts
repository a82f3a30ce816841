import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TSX, root } from '../../helpers/project';

mkdirSync(join(root, 'tests/.tmp'), { recursive: true });
const scratch = mkdtempSync(join(root, 'tests/.tmp/watch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The problem matcher of the VS Code task "Check content files". */
const task = JSON.parse(readFileSync(join(root, '.vscode/tasks.json'), 'utf8')).tasks[0];
const matcher = new RegExp(task.problemMatcher.pattern.regexp);

describe('npm run validate -- --watch', () => {
  it('checks again on every save, in lines the VS Code task reads into the Problems panel', async () => {
    cpSync(join(root, 'tests/fixtures/invalid-pages'), scratch, { recursive: true });
    const child = spawn(process.execPath, [...TSX, join(root, 'scripts/validate.ts'), '--watch', scratch.slice(root.length + 1)], {
      cwd: root,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const waitFor = async (pattern: RegExp): Promise<void> => {
      for (let i = 0; i < 200 && !pattern.test(output); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(output).toMatch(pattern);
    };
    try {
      await waitFor(/8 problems in 8 files\. Checking again when a file changes\./);
      const lines = output.split('\n').filter((line) => line.startsWith('tests/'));
      expect(lines.length).toBe(8);
      for (const line of lines) expect(line, line).toMatch(matcher);
      expect(matcher.exec(lines[0] ?? '')?.[5]).toMatch(/^[a-zA-Z]+$/);
      // Mending one file is seen at once.
      output = '';
      writeFileSync(join(scratch, 'wrong-type.json'), readFileSync(join(scratch, 'wrong-type.json'), 'utf8').replace('"100"', '100'));
      await waitFor(/7 problems in 7 files/);
    } finally {
      child.kill();
    }
  });
});
