/**
 * Where every stored submission is delivered, from the environment: by e-mail over SMTP
 * (SMTP_URL, NOTIFY_TO, NOTIFY_FROM), by a webhook signed as the Standard Webhooks
 * specification says (WEBHOOK_URL, WEBHOOK_SECRET), or both. Each setting is checked once, at
 * start: a setting that cannot work stops the server with one line saying which and how to
 * write it, never a delivery that fails for a day.
 */

export interface EmailChannel {
  /** The SMTP server: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465. */
  url: string;
  to: string[];
  from: string;
}

export interface WebhookChannel {
  url: string;
  /** The key the signatures are made with: the bytes of WEBHOOK_SECRET's base64 after "whsec_". */
  key: Buffer;
}

export interface NotifySettings {
  email?: EmailChannel;
  webhook?: WebhookChannel;
  /** How long one try may take (connecting, sending, the answer) before it counts as failed. */
  timeoutMs: number;
  /** The wait after each failed try, in seconds; after the last, the delivery is given up. */
  retryDelaysS: number[];
}

/**
 * The waits after each failed try unless NOTIFY_RETRY_SECONDS says otherwise: 10 s, 1 min, 5 min,
 * 15 min, 1 h, 2 h, 4 h, 8 h and 12 h, so the last of ten tries comes a little over 27 hours
 * after the first.
 */
const RETRY_DELAYS_S = [10, 60, 300, 900, 3600, 7200, 14400, 28800, 43200];

/** A channel a stored submission is delivered through. */
export type Channel = 'email' | 'webhook';

export const channelsOf = (settings: NotifySettings | undefined): Channel[] => [
  ...(settings?.email ? (['email'] as const) : []),
  ...(settings?.webhook ? (['webhook'] as const) : []),
];

/** A setting that cannot work, said in one line. */
export class NotifySettingError extends Error {
  override name = 'NotifySettingError';
}

/** One e-mail address, plain: no name part, no CR, LF or comma (a header holds it as it is). */
const ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

function addresses(name: string, value: string): string[] {
  const list = value
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  const wrong = list.find((each) => !ADDRESS.test(each));
  if (list.length === 0 || wrong !== undefined)
    throw new NotifySettingError(
      `${name} is not a list of e-mail addresses${wrong ? ` (${JSON.stringify(wrong)})` : ''}: write, for example, ${name}=sales@example.com,ops@example.com.`,
    );
  return list;
}

function httpUrl(name: string, value: string, protocols: string[], example: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new NotifySettingError(`${name} is not an address: write, for example, ${name}=${example}.`);
  }
  if (!protocols.includes(url.protocol))
    throw new NotifySettingError(
      `${name} must start with ${protocols.map((each) => `${each}//`).join(' or ')}: write, for example, ${name}=${example}.`,
    );
  return url;
}

/** The delivery settings in `env`; undefined when none is set. Throws NotifySettingError for one that cannot work. */
export function notifySettings(env: NodeJS.ProcessEnv): NotifySettings | undefined {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const timeoutSeconds = Number(read('NOTIFY_TIMEOUT_SECONDS') ?? 15);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
    throw new NotifySettingError(
      'NOTIFY_TIMEOUT_SECONDS is not a number of seconds above 0: write, for example, NOTIFY_TIMEOUT_SECONDS=15.',
    );
  const retries = read('NOTIFY_RETRY_SECONDS');
  const retryDelaysS = retries === undefined ? RETRY_DELAYS_S : retries.split(',').map((each) => Number(each.trim()));
  if (retryDelaysS.some((each) => !Number.isFinite(each) || each < 0))
    throw new NotifySettingError(
      'NOTIFY_RETRY_SECONDS is not a list of waits in seconds: write, for example, NOTIFY_RETRY_SECONDS=10,60,300,900,3600,7200,14400,28800,43200.',
    );
  const settings: NotifySettings = { timeoutMs: timeoutSeconds * 1000, retryDelaysS };

  const smtp = read('SMTP_URL');
  const to = read('NOTIFY_TO');
  const from = read('NOTIFY_FROM');
  if (smtp) {
    httpUrl('SMTP_URL', smtp, ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587');
    if (!to)
      throw new NotifySettingError(
        'SMTP_URL is set but NOTIFY_TO is not: say who receives the mail, for example NOTIFY_TO=sales@example.com.',
      );
    if (!from)
      throw new NotifySettingError(
        'SMTP_URL is set but NOTIFY_FROM is not: say whom the mail comes from, for example NOTIFY_FROM=website@example.com.',
      );
    const [sender] = addresses('NOTIFY_FROM', from);
    settings.email = { url: smtp, to: addresses('NOTIFY_TO', to), from: sender ?? from };
  } else if (to || from) {
    throw new NotifySettingError(
      `${to ? 'NOTIFY_TO' : 'NOTIFY_FROM'} is set but SMTP_URL is not: name the mail server, for example SMTP_URL=smtp://user:password@mail.example.com:587.`,
    );
  }

  const webhook = read('WEBHOOK_URL');
  const secret = read('WEBHOOK_SECRET');
  if (webhook) {
    const url = httpUrl('WEBHOOK_URL', webhook, ['https:', 'http:'], 'https://hooks.example.com/leads');
    // Credentials in the address are never sent (fetch refused them outright, so every delivery
    // failed, quoting the address): the signature is the webhook's proof. The line says what to
    // remove without repeating it, nor naming it in a word a password might be ("password").
    if (url.username || url.password)
      throw new NotifySettingError(
        `WEBHOOK_URL carries credentials before its host, which the webhook never sends: remove them (WEBHOOK_URL=${url.protocol}//${url.host}/…); the receiver checks each request's signature, made with WEBHOOK_SECRET.`,
      );
    if (!secret || !/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret) || Buffer.from(secret.slice(6), 'base64').length < 24)
      throw new NotifySettingError(
        "WEBHOOK_URL is set but WEBHOOK_SECRET is not a secret of the form whsec_<base64 of 24 to 64 random bytes>: make one with `node -e \"console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))\"`.",
      );
    settings.webhook = { url: webhook, key: Buffer.from(secret.slice(6), 'base64') };
  } else if (secret) {
    throw new NotifySettingError(
      'WEBHOOK_SECRET is set but WEBHOOK_URL is not: name the receiver, for example WEBHOOK_URL=https://hooks.example.com/leads.',
    );
  }
  return settings.email || settings.webhook ? settings : undefined;
}
