/**
 * The Vite builds of a full build (the client bundles, the server entry), run in a process of
 * their own (vite-builds.ts) into folders of their own beside the output folder and the build
 * cache. They can so start before the site is read: Vite's peak (about 0.85 GB, most of it
 * rolldown's) is then not added to the site's, and a site refused for its problems leaves the
 * output folder as it was. What they print is held back until the site is known to be built
 * (finish): a site with problems is told those, not how the Vite builds fared without them. The
 * client bundles then take the output folder's place (placeInto); the server entry moves into
 * the cache (kept-files.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface ViteStage {
  /** The server entry's folder, until keepServerEntry moves it into the cache. */
  ssrDir: string;
  /** Settles once both builds are done, with whether they succeeded and what they printed. */
  done: Promise<{ ok: boolean; output: string }>;
  /** Prints what the builds printed, and ends the process with a message if they failed. */
  finish(): Promise<void>;
  /** Puts the client bundles where the site goes, in place of whatever was there. */
  placeInto(outDir: string): void;
}

export function startViteStage(root: string, outDir: string, cacheDir: string, development: boolean): ViteStage {
  const clientDir = `${outDir}.vite-${process.pid}.tmp`;
  const ssrDir = join(cacheDir, `ssr-staged-${process.pid}.tmp`);
  // What is left of them when the build ends early (a refused site, a failure): nothing, once moved.
  process.once('exit', () => {
    for (const dir of [clientDir, ssrDir]) rmSync(dir, { recursive: true, force: true });
  });
  const args = ['--import', 'tsx', join(root, 'scripts/build/bundles/vite-builds.ts'), '--root', root, '--out', clientDir, '--ssr', ssrDir];
  const child = spawn(process.execPath, development ? [...args, '--development'] : args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  const done = (async () => {
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    const said = Buffer.concat(output).toString();
    return code === 0
      ? { ok: true, output: said }
      : { ok: false, output: `${said}\nThe Vite builds ended with ${signal ? `signal ${signal}` : `code ${code}`}; nothing was built.\n` };
  })();
  return {
    ssrDir,
    done,
    async finish() {
      const { ok, output: said } = await done;
      if (ok) process.stdout.write(said);
      else {
        process.stderr.write(said);
        process.exit(1);
      }
    },
    placeInto(target) {
      if (existsSync(target)) rmSync(target, { recursive: true, force: true });
      renameSync(clientDir, target);
    },
  };
}
