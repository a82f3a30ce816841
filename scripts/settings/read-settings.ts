/**
 * The one reader of a command's environment variables: each command (`npm start`, `npm run
 * edit`, the build) describes its variables in one JSON Schema (start-settings.ts,
 * edit-settings.ts, build-settings.ts) and reads them here once, at start. Ajv checks every
 * value against it, as the content is checked; the first that cannot work is refused in one
 * line naming the variable, what it must be, and what it is, with any secret in it hidden.
 * The same schema gives the README its settings tables (settings-readme.ts): a variable's
 * default and its words live in one place.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { redact } from '../text/redact.ts';

/** One variable: a JSON Schema for its value, with the words its README row and its refusal use. */
export interface Setting {
  type: 'string' | 'integer' | 'number';
  enum?: readonly string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  /** Applied when the variable is unset or blank. */
  default?: string | number;
  /** What it does: the README's words. */
  description: string;
  /** What a value must be, in words: the refusal says "NAME must be <this>". */
  'x-must-be'?: string;
  /** The README's default, in markdown, when none is applied here (one that depends on the machine, or on other settings). */
  'x-shown-default'?: string;
  /** The variable whose README row this one shares ("`HOST`, `PORT`"). */
  'x-row-of'?: string;
  /** The README table it is listed in, when the command has more than one. */
  'x-table'?: string;
  /** Passed between the command's own processes, not set by a person: never in the README. */
  'x-internal'?: boolean;
  /** Its value may carry a password or a token: a refusal quotes it with any credentials hidden. */
  'x-secret'?: boolean;
  /** A blank value is a value, checked like any other, rather than the variable unset. */
  'x-keep-blank'?: boolean;
}

/** A command's variables: the JSON Schema of its environment. */
export interface SettingsSchema {
  type: 'object';
  title: string;
  properties: Record<string, Setting>;
}

/** A value that cannot work, said in one line. */
export class SettingError extends Error {
  override name = 'SettingError';
}

/** The keywords a Setting adds to JSON Schema: words for people, which check nothing. */
const WORDS = ['x-must-be', 'x-shown-default', 'x-row-of', 'x-table', 'x-internal', 'x-secret', 'x-keep-blank'] as const;

const compiled = new WeakMap<SettingsSchema, ValidateFunction>();

function validatorOf(schema: SettingsSchema): ValidateFunction {
  const known = compiled.get(schema);
  if (known) return known;
  // Every value arrives as text: `coerceTypes` reads "8080" as the number the schema asks for,
  // and leaves "eighty" a string, which the type then refuses; `useDefaults` fills in the
  // schema's defaults, so no reader repeats one.
  const ajv = new Ajv({ strict: true, strictNumbers: true, coerceTypes: true, useDefaults: true, allErrors: false });
  for (const keyword of WORDS) ajv.addKeyword(keyword);
  const validate = ajv.compile(schema);
  compiled.set(schema, validate);
  return validate;
}

/** A value as a refusal quotes it: redacted, and for a secret setting without the credentials of any address it looks like. */
function shown(setting: Setting, value: string): string {
  const text = redact(value);
  return JSON.stringify(setting['x-secret'] ? text.replace(/:[^\s:@/]*@/g, ':***@') : text);
}

/** The line that refuses `value` for the variable `name`. */
function refusal(name: string, setting: Setting, value: string): string {
  const fallback = setting['x-shown-default']?.replaceAll('`', '') ?? setting.default;
  const what = setting['x-must-be'] ?? `a ${setting.type}`;
  return `${name} must be ${what}${fallback === undefined ? '' : ` (the default is ${fallback})`}; it is ${shown(setting, value)}.`;
}

/**
 * The variables `schema` names, from `env`: blank ones count as unset (unless the schema says
 * otherwise), defaults filled in,
 * numbers as numbers. Throws a SettingError for the first that the schema refuses.
 */
export function readSettings(schema: SettingsSchema, env: NodeJS.ProcessEnv): Record<string, string | number | undefined> {
  const given: Record<string, string> = {};
  for (const [name, setting] of Object.entries(schema.properties)) {
    // Kept as given (a token may end in a space); only a blank one counts as unset.
    const value = env[name];
    if (value?.trim() || (value !== undefined && setting['x-keep-blank'])) given[name] = value;
  }
  const values: Record<string, string | number | undefined> = { ...given };
  const validate = validatorOf(schema);
  if (!validate(values)) {
    const name = validate.errors?.[0]?.instancePath.slice(1) ?? '';
    const setting = schema.properties[name];
    throw new SettingError(setting ? refusal(name, setting, given[name] ?? '') : (validate.errors?.[0]?.message ?? name));
  }
  return values;
}
