/**
 * Starts the preview server beside the site server, when `npm start --follow` has PREVIEW_PORT
 * (follow/follow-settings.ts): its reviews read from the checkout's remote, its builds made in
 * node_modules/.cache/site-previews on the follower's served build. A preview server that
 * cannot start says why in one line and leaves the site served.
 */
import { join } from 'node:path';
import type { ProxyTrust } from '../client-address';
import type { Follower } from '../follow/follow-branch';
import { followGit } from '../follow/follow-git';
import { buildUserOf, type FollowSettings } from '../follow/follow-settings';
import { openRepository } from '../../publish/git/repository';
import { previewBuilds } from './preview-builds';
import { previewReviews } from './preview-reviews';
import { previewServer } from './preview-server';

export interface RunningPreviews {
  /** Where it listens, as a person opens it. */
  address: string;
  stop(): Promise<void>;
}

/** A git call of the previews' own: writing a whole tree on a busy machine takes seconds. */
const GIT_TIMEOUT_MS = 120_000;

export async function startPreviews(options: {
  root: string;
  host: string;
  settings: FollowSettings & { preview: NonNullable<FollowSettings['preview']> };
  follower: Follower;
  trustProxy?: ProxyTrust;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<RunningPreviews | string> {
  const { root, host, settings, follower } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const repo = await openRepository(root);
  if (typeof repo === 'string') return `Previews are not served: ${repo}`;
  const reviews = await previewReviews(root, settings.remote.remote);
  if (typeof reviews === 'string') return `Previews are not served: ${reviews}`;
  const stopping = new AbortController();
  const builds = previewBuilds({
    checkout: root,
    buildsDir: join(root, 'node_modules/.cache/site-previews'),
    git: followGit(root, GIT_TIMEOUT_MS, stopping.signal),
    user: settings.buildUser ?? buildUserOf(undefined),
    env: options.env ?? process.env,
    timeoutMs: settings.buildTimeoutMs,
    signal: stopping.signal,
    log,
  });
  const server = previewServer({
    secret: settings.preview.secret,
    repo,
    reviews,
    builds,
    served: () => follower.served,
    trustProxy: options.trustProxy,
    log,
  });
  const listening = await new Promise<true | string>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen(settings.preview.port, host, () => resolve(true));
  });
  if (listening !== true) return `Previews are not served: port ${settings.preview.port} on ${host} cannot be listened on (${listening}).`;
  // Whatever happens to it later (a socket fault) is said, never the end of the process.
  server.on('error', (error) => log(`The preview server: ${error.message}`));
  const bound = server.address();
  const port = typeof bound === 'object' && bound ? bound.port : settings.preview.port;
  return {
    address: `http://${host}:${port}/`,
    async stop() {
      stopping.abort();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await builds.settled();
    },
  };
}
