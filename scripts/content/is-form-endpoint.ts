/**
 * Where the forms may send what visitors type, written once: the paths the site server answers
 * them on (its route table, scripts/site-server/forms-api/forms-api.ts, is keyed by these) and the grammar of an
 * external service's address. The validator, the build and the Content-Security-Policy all ask
 * here, so a form can only be sent to a path something answers or to a plain https:// address.
 */
export const FORM_PATHS = { enquiry: '/api/enquiry', apply: '/api/apply' } as const;

export type FormName = keyof typeof FORM_PATHS;

/**
 * A host as a Content-Security-Policy source may name it: DNS labels of lowercase letters,
 * digits and inner hyphens, joined by dots, and an optional port. No wildcard, no userinfo,
 * and nothing (";", ",", a quote, a space) that could end a source or a directive.
 */
const HOST = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::[0-9]{1,5})?';

/**
 * An external form endpoint: https://, such a host, then a path and a query of letters, digits and
 * `. _ ~ % / - = &` only. schemas/site.schema.json writes the same expression (a test keeps them equal).
 */
export const HTTPS_ENDPOINT = new RegExp(`^https://(${HOST})(?:/[A-Za-z0-9._~%/-]*)?(?:\\?[A-Za-z0-9._~%=&-]*)?$`);

/**
 * The site's own public address (pages/_site.json's baseUrl): https:// and such a host, nothing
 * after it. It is written into every page, the sitemap and robots.txt, so it holds nothing that
 * could end an attribute, an XML element or a line. schemas/site.schema.json writes the same expression.
 */
export const HTTPS_ORIGIN = new RegExp(`^https://${HOST}$`);

/** Whether `value` may receive the form `form`: the path this server answers it on, or an external https:// endpoint. */
export function isFormEndpoint(form: FormName, value: string): boolean {
  return value === FORM_PATHS[form] || HTTPS_ENDPOINT.test(value);
}

/** The origin of an external endpoint ("https://forms.example.com:8443"), or undefined for anything else. */
export function originOfEndpoint(value: string): string | undefined {
  const host = HTTPS_ENDPOINT.exec(value)?.[1];
  return host === undefined ? undefined : `https://${host}`;
}
