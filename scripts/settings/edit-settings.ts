/**
 * `npm run edit`'s settings: its environment variables and flag, read once and checked before
 * the editor starts. The schema is the one place each variable's default and words are
 * written: the README's table of them is made from it (settings-readme.ts). The editor's own
 * checks that need more than a value (a token long enough to listen beyond this machine) stay
 * where they are, in start-editor.ts.
 */
import { resolve } from 'node:path';
import { type PreviewLinks, secretProblem } from '../publish/review/read-preview';
import { readSettings, SettingError, type SettingsSchema } from './read-settings';

const DEADLINE = 'a number of seconds above 0, at most 86400';

/** The environment of `npm run edit`. */
export const editSchema = {
  type: 'object',
  title: 'npm run edit',
  properties: {
    EDIT_HOST: {
      type: 'string',
      default: '127.0.0.1',
      description: 'the address the editor listens on; another than this machine needs `EDIT_TOKEN` (see "Editing from another machine")',
    },
    EDIT_PORT: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      default: 4174,
      description: 'the port the editor listens on',
      'x-must-be': 'a port number, 1 to 65535, or 0 for any free one',
    },
    EDIT_TOKEN: {
      type: 'string',
      description:
        'the password ("token") of at least 16 characters, of any characters, that opens the editor from another machine: the printed address carries it',
      'x-secret': true,
    },
    EDITOR_TRUSTED_PROXY: {
      type: 'string',
      enum: ['0', '1'],
      default: '0',
      description:
        "`1` does what `--trust-proxy` does: the author of what is published is taken from a sign-in proxy's `X-Forwarded-User` and `X-Forwarded-Email` headers",
      'x-must-be': '1 to trust the sign-in proxy, or 0 not to',
    },
    EDIT_ROOT: {
      type: 'string',
      description: 'the checkout whose content the editor edits and publishes, when it is not the one the editor runs from',
      'x-shown-default': 'this checkout',
    },
    PUBLISH_TIMEOUT_SECONDS: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 86400,
      default: 60,
      description:
        'how long the server that keeps the published site has to answer, for all the fetching and pushing of one publish together; then the change waits as not yet published',
      'x-must-be': DEADLINE,
    },
    PUBLISH_WAIT_SECONDS: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 86400,
      default: 30,
      description:
        'how long a publish or a discard waits while another one holds the checkout (in this editor or another) before it answers that publishing is busy',
      'x-must-be': DEADLINE,
    },
    LIVE_SITE_URL: {
      type: 'string',
      // An origin only: the editor adds each page's route to it. A scheme is in any case (RFC 3986).
      pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.\\-]+(:[0-9]{1,5})?/?\\s*$',
      description:
        "the live site's address (`https://www.example.com`), when its server follows what is published (`SITE_FOLLOW`): after Publish, Changes and History say when each change is live there, link to its pages, and say in words when the live site refuses one. Unset, they say nothing about it",
      'x-must-be': "the live site's address, http:// or https:// with its host name and at most a port, like https://www.example.com",
    },
    PREVIEW_SITE_URL: {
      type: 'string',
      pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.\\-]+(:[0-9]{1,5})?/?\\s*$',
      description:
        "the address of the live site's preview server (its `PREVIEW_PORT`, as reviewers reach it, like `https://preview.example.com`): a review can then share preview links, opened there by people without the editor",
      'x-must-be':
        "the preview server's address, http:// or https:// with its host name and at most a port, like https://preview.example.com",
    },
    PREVIEW_LINK_SECRET: {
      type: 'string',
      description:
        "with `PREVIEW_SITE_URL`: the secret preview links are signed with, at least 16 characters, the same as the site server's",
      'x-row-of': 'PREVIEW_SITE_URL',
    },
  },
} as const satisfies SettingsSchema;

export interface EditSettings {
  host: string;
  port: number;
  token?: string;
  /** `--trust-proxy` or EDITOR_TRUSTED_PROXY=1. */
  trustProxy: boolean;
  /** The checkout whose content is edited. */
  contentRoot: string;
  /** The live site's origin ("https://www.example.com", no trailing slash): where to ask whether a change is live. */
  liveSite?: string;
  /** PREVIEW_SITE_URL's origin and PREVIEW_LINK_SECRET: where preview links are opened, and what signs them. */
  preview?: PreviewLinks;
}

/** LIVE_SITE_URL or PREVIEW_SITE_URL as an origin; refused in the schema's words when the URL parser takes it for none (a port above 65535). */
function originOf(name: 'LIVE_SITE_URL' | 'PREVIEW_SITE_URL', value: string): string {
  const setting = editSchema.properties[name];
  try {
    const { origin } = new URL(value.trim());
    if (origin !== 'null') return origin;
  } catch {}
  throw new SettingError(`${name} must be ${setting['x-must-be']}; it is ${JSON.stringify(value)}.`);
}

/** PREVIEW_SITE_URL with PREVIEW_LINK_SECRET, both or neither. */
function previewOf(site: string | undefined, secret: string | undefined): PreviewLinks | undefined {
  if (site === undefined && !secret) return undefined;
  if (site === undefined)
    throw new SettingError(
      "PREVIEW_LINK_SECRET is set but PREVIEW_SITE_URL is not: set it to the preview server's address, or leave both unset.",
    );
  if (secretProblem(secret))
    throw new SettingError(
      `PREVIEW_SITE_URL needs PREVIEW_LINK_SECRET, the secret preview links are signed with: at least 16 characters, the same as the site server's.${secret ? ' The one set is shorter.' : ''}`,
    );
  return { site: originOf('PREVIEW_SITE_URL', site), secret: secret as string };
}

/**
 * `npm run edit`'s settings from `env` and the command's `args`; `root` is the checkout the
 * editor runs from. Throws a SettingError, one line, for the first that cannot work. The
 * publishing deadlines are checked here and read again by each publish (publish-deadlines.ts).
 */
export function editSettings(env: NodeJS.ProcessEnv, args: string[], root: string): EditSettings {
  const values = readSettings(editSchema, env) as { EDIT_HOST: string; EDIT_PORT: number; EDITOR_TRUSTED_PROXY: string } & {
    [name in 'EDIT_TOKEN' | 'EDIT_ROOT' | 'LIVE_SITE_URL' | 'PREVIEW_SITE_URL' | 'PREVIEW_LINK_SECRET']?: string;
  };
  return {
    host: values.EDIT_HOST,
    port: values.EDIT_PORT,
    token: values.EDIT_TOKEN,
    trustProxy: values.EDITOR_TRUSTED_PROXY === '1' || args.includes('--trust-proxy'),
    contentRoot: values.EDIT_ROOT ? resolve(values.EDIT_ROOT) : root,
    liveSite: values.LIVE_SITE_URL === undefined ? undefined : originOf('LIVE_SITE_URL', values.LIVE_SITE_URL),
    preview: previewOf(values.PREVIEW_SITE_URL, values.PREVIEW_LINK_SECRET),
  };
}
