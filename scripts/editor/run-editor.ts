/**
 * `npm run edit`: the visual editor on http://127.0.0.1:4174 (EDIT_PORT to change it). It edits
 * the content files in pages/ directly, with the same checks as npm run validate. EDIT_HOST binds
 * it elsewhere, which needs EDIT_TOKEN (then open the printed address, which carries it).
 * `npm run edit -- --trust-proxy` (or EDITOR_TRUSTED_PROXY=1) takes the author of what is
 * published from a sign-in proxy's X-Forwarded-User and X-Forwarded-Email headers.
 *
 * scripts/edit.mjs runs this from a bundle of the editor's server code (made once per change
 * of it), so a start loads one file instead of compiling a hundred; scripts/edit.ts runs it
 * from the sources through tsx, as every other script runs.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMigrations } from '../content/fixing/load-migrations';
import { SettingError } from '../settings/read-settings';
import { editSettings } from '../settings/edit-settings';
import { registerSecretsOf } from '../text/redact';
import { redactOutput, showOnTerminal } from '../text/redact-output';
import { EditorStartError, startEditor } from './start-editor';
import { publishUnderWay } from '../publish/with-publish-lock';

const root = join(fileURLToPath(import.meta.url), '../../..');

/** Said instead of the addresses with the token when the output is not a terminal. */
const TOKEN_LEFT_OUT =
  'The token is left out of that address, since this output is not a terminal and a log keeps what it is given: open it with ?token= and your EDIT_TOKEN added, percent-encoded.';

/**
 * Stops the editor on SIGINT (Ctrl+C) or SIGTERM: a publish under way ends first (`close`,
 * start-editor.ts's, waits for it), which the person is told; a second signal stops at once,
 * with the code 1.
 */
export function stopOnSignals(
  signals: Pick<NodeJS.EventEmitter, 'on'>,
  editor: { close: () => Promise<void>; underWay: () => boolean; say: (line: string) => void; exit: (code: number) => void },
): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      editor.exit(1);
      return;
    }
    stopping = true;
    if (editor.underWay()) editor.say('Stopping once the publish under way has ended (stop again to stop at once)…');
    void editor.close().then(() => editor.exit(0));
  };
  signals.on('SIGINT', stop);
  signals.on('SIGTERM', stop);
}

/**
 * Starts the editor with the migrations in `migrationsFolder` (their sources, or their bundle),
 * says where, and stops on a signal. `codeVersion` is the hash of the server's sources, when the
 * bundle's start has it already.
 */
export async function runEditor(migrationsFolder = join(root, 'migrations'), codeVersion?: string): Promise<void> {
  // No line the editor prints or logs carries EDIT_TOKEN or another secret of its settings (a
  // remote's password included), but the address a person at the terminal opens.
  registerSecretsOf(process.env);
  redactOutput();
  // Every setting, read and checked once (scripts/settings/edit-settings.ts): one that cannot
  // work stops the start in one line.
  let settings: ReturnType<typeof editSettings>;
  try {
    settings = editSettings(process.env, process.argv.slice(2), root);
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { token } = settings;
  try {
    const editor = await startEditor({
      codeRoot: root,
      contentRoot: settings.contentRoot,
      host: settings.host,
      port: settings.port,
      token,
      trustProxy: settings.trustProxy,
      liveSite: settings.liveSite,
      preview: settings.preview,
      migrations: await loadMigrations(migrationsFolder),
      codeVersion,
      say: (line) => console.log(line),
    });
    // Listened for before the address is printed: whoever reads it may stop the editor at once.
    stopOnSignals(process, {
      close: () => editor.close(),
      underWay: publishUnderWay,
      say: (line) => console.log(line),
      exit: (code) => process.exit(code),
    });
    // The token is written percent-encoded, so a token of any characters survives being opened;
    // it is shown only at a terminal: a log or a file keeps what is written to it.
    const withToken = (address: string): string => (token ? `${address}?token=${encodeURIComponent(token)}` : address);
    const label = (index: number): string => (index === 0 ? 'Page editor:' : '         or:');
    const shown =
      token !== undefined && editor.addresses.every((address, index) => showOnTerminal(`${label(index)} ${withToken(address)}`));
    if (!shown) {
      for (const [index, address] of editor.addresses.entries()) console.log(`${label(index)} ${address}`);
      if (token) console.log(TOKEN_LEFT_OUT);
    }
    for (const notice of editor.notices) console.warn(notice);
    console.log('It edits the files in pages/ directly. Stop it with Ctrl+C.');
  } catch (error) {
    if (error instanceof EditorStartError || (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
          ? `Port ${settings.port} is taken: set EDIT_PORT to a free one.`
          : (error as Error).message,
      );
      process.exit(1);
    }
    throw error;
  }
}
