/**
 * The build's settings (`npm run build`, and the follower's builds, which are the same command):
 * its environment variables, read once and checked when the build starts, and its flags. The
 * schema is the one place each variable's default and words are written: the README's table
 * of them is made from it (settings-readme.ts). The form endpoints keep the check they had,
 * with its words (security-headers.ts), made once the site is read.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSettings, SettingError, type SettingsSchema } from './read-settings.ts';

/** The environment of the build. */
export const buildSchema = {
  type: 'object',
  title: 'npm run build',
  properties: {
    PAGES_DIR: {
      type: 'string',
      description: 'builds another folder of pages (a fixture, a scratch copy) with the same runtime; `npm run dev` serves it too',
      'x-shown-default': '`pages`',
    },
    BUILD_CACHE_DIR: {
      type: 'string',
      description:
        "where the build keeps its server entry and what checking each content file found between builds, for the next build to reuse; the follower's builds have one of their own",
      'x-shown-default': '`node_modules/.cache/build`',
    },
    PRERENDER_WORKERS: {
      type: 'integer',
      minimum: 1,
      description: 'how many worker threads prerender the pages; unset, one for every 250 pages, at most one a core',
      'x-must-be': 'a whole number of threads, 1 or more',
    },
    BUDGETS_FILE: {
      type: 'string',
      description: 'another file of the form of `scripts/budgets.json`, to try a build against other numbers',
      'x-shown-default': '`scripts/budgets.json`',
    },
    ENQUIRY_ENDPOINT: {
      type: 'string',
      description:
        "where the enquiry form posts: `/api/enquiry`, where this site's server receives it, or the address of a form service (`https://forms.example.com/f/abc123`)",
      'x-shown-default': "`pages/_site.json`'s",
      // An endpoint set blank is refused by the endpoints' own check: no form posts to nowhere.
      'x-keep-blank': true,
    },
    APPLY_ENDPOINT: {
      type: 'string',
      description: 'where the application form posts: `/api/apply`, or the address of a form service, as for `ENQUIRY_ENDPOINT`',
      'x-shown-default': "`pages/_site.json`'s",
      'x-keep-blank': true,
    },
  },
} as const satisfies SettingsSchema;

export interface BuildSettings {
  /** PAGES_DIR, resolved; undefined: the checkout's pages/. */
  pagesDir?: string;
  /** BUILD_CACHE_DIR as given; undefined: the checkout's node_modules/.cache/build. */
  cacheDir?: string;
  /** PRERENDER_WORKERS; undefined: as many as the site and the cores call for. */
  prerenderWorkers?: number;
  /** BUDGETS_FILE as given; undefined: scripts/budgets.json. */
  budgetsFile?: string;
  /** The form endpoints the environment names instead of the site file's. */
  endpoints: { enquiry?: string; apply?: string };
}

let read: BuildSettings | undefined;

/**
 * The build's settings in `env`: those of this process are read once, and those of another
 * environment (a build the follower starts) each time they are asked for. Throws a
 * SettingError, one line, for the first that cannot work.
 */
export function buildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  if (env === process.env && read) return read;
  const values = readSettings(buildSchema, env) as { [name in keyof typeof buildSchema.properties]?: string } & {
    PRERENDER_WORKERS?: number;
  };
  const settings: BuildSettings = {
    pagesDir: values.PAGES_DIR ? resolve(values.PAGES_DIR) : undefined,
    cacheDir: values.BUILD_CACHE_DIR,
    prerenderWorkers: values.PRERENDER_WORKERS,
    budgetsFile: values.BUDGETS_FILE,
    endpoints: { enquiry: values.ENQUIRY_ENDPOINT, apply: values.APPLY_ENDPOINT },
  };
  if (env === process.env) read = settings;
  return settings;
}

/** `npm run build`'s flags: `--development`, `--full` and `--out <folder>`. Throws a SettingError for any other. */
export function buildFlags(args: string[]): { development: boolean; full: boolean; out?: string } {
  try {
    return parseArgs({
      args,
      options: { development: { type: 'boolean', default: false }, full: { type: 'boolean', default: false }, out: { type: 'string' } },
    }).values;
  } catch (error) {
    throw new SettingError(`${(error as Error).message}: npm run build takes --full, --development and --out <folder>.`);
  }
}
