/**
 * Secrets never leave their setting: every line the project logs, stores or prints about a
 * setting, a connection or a failure goes through `redact`, which hides
 *
 * - the credentials of an address: `smtp://user:password@host` becomes `smtp://user:***@host`,
 *   and `https://token@host` (on the web a user part alone is often a token) `https://***@host`,
 *   while `postgres://site@db` keeps its user name (there it names a user, and hiding it made the
 *   server's own "form submissions go to postgres://…" line useless);
 * - bearer and basic credentials (`Authorization: Bearer …`), Standard Webhooks secrets
 *   (`whsec_…`), and the values of query parameters that carry keys (`?token=…`, `&key=…`);
 * - any value registered with `registerSecret` (a password, a token, a webhook secret), raw or
 *   percent-encoded, wherever it appears: an error message that quotes a password without its
 *   address is caught too.
 */

const HIDDEN = '***';

/** scheme://user:password@ or scheme://user@, up to the host; the user part may be empty. */
const CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*)(?::([^\s/?#@]*))?@/gi;
const BEARER = /\b(Bearer|Basic|Token)(\s+)[A-Za-z0-9._~+/=-]{4,}/gi;
const WEBHOOK_SECRET = /\bwhsec_[A-Za-z0-9+/=]+/g;
const KEY_PARAMETER = /([?&;](?:token|access_token|auth|password|passwd|pwd|secret|key|api_key|apikey|signature|sig|session)=)[^&;\s#]+/gi;

/** Schemes whose addresses carry a token as a user part alone (GitHub's https://<token>@github.com). */
const TOKEN_AS_USER = /^(?:https?|wss?|git\+https?):\/\/$/i;

/** Values too short to be told from ordinary words are not registered: "a" would hide every a. */
const SHORTEST_SECRET = 6;
const secrets = new Set<string>();

/** Hides `value` (and its percent-encoded form) in every line redacted from now on. */
export function registerSecret(value: string | undefined | null): void {
  if (!value || value.length < SHORTEST_SECRET) return;
  secrets.add(value);
  secrets.add(encodeURIComponent(value));
  try {
    secrets.add(decodeURIComponent(value));
  } catch {
    // Not percent-encoded text: the raw value is registered.
  }
}

/**
 * Registers the secrets the settings in `env` carry: the password of every address that has
 * one (SMTP_URL, DATABASE_URL, WEBHOOK_URL, …), and the tokens and keys named as such
 * (EDIT_TOKEN, WEBHOOK_SECRET, any *_TOKEN, *_SECRET, *_PASSWORD or *_KEY). A user name alone
 * is not registered: "postgres" would hide every mention of the database; `redact` hides a
 * lone user part where it stands before a host.
 */
export function registerSecretsOf(env: NodeJS.ProcessEnv): void {
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (/(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|KEY)$/.test(name)) registerSecret(value);
    if (!value.includes('://')) continue;
    try {
      const url = new URL(value);
      registerSecret(url.password);
    } catch {
      // Not an address: nothing of it is a password.
    }
  }
}

/** The text with every credential, token and registered secret in it written as ***. */
export function redact(text: string): string {
  let shown = text
    .replace(CREDENTIALS, (match, scheme: string, user: string, password: string | undefined) =>
      password !== undefined ? `${scheme}${user}:${HIDDEN}@` : user && TOKEN_AS_USER.test(scheme) ? `${scheme}${HIDDEN}@` : match,
    )
    .replace(BEARER, `$1$2${HIDDEN}`)
    .replace(WEBHOOK_SECRET, `whsec_${HIDDEN}`)
    .replace(KEY_PARAMETER, `$1${HIDDEN}`);
  // Longest first, so that a secret that holds another is hidden whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) shown = shown.split(secret).join(HIDDEN);
  return shown;
}

/** Whether an address carries credentials (a user or a password before its host). */
export function hasCredentials(address: string): boolean {
  try {
    const url = new URL(address);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}
