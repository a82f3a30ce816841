import { FORM_TOKEN_PATH } from '../../../src/forms/fetch-form-token';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Site } from '../../../src/generated/schema-types';
import { loadSite } from '../../../scripts/content/load-site';
import { FORM_PATHS, HTTPS_ENDPOINT } from '../../../scripts/content/is-form-endpoint';
import { formsApi } from '../../../scripts/site-server/forms-api/forms-api';
import { endpointVariableProblems, formEndpoints, securityHeaders } from '../../../scripts/site-server/security-headers';
import type { StoreWriter } from '../../../scripts/site-server/store/store-writer';
import { root } from '../../helpers/project';

/** What no form endpoint may be: each would end a CSP source or directive, or widen one. */
const HOSTILE = [
  'https://x;script-src-elem',
  'https://*',
  'https://*.example.com',
  'https://a b',
  "https://x'",
  'https://x"',
  'https://x,y',
  'https://x\nscript-src *',
  'https://x\r\nX-Injected: 1',
  'https://x\tb',
  'https://user@example.com',
  'https://example.com;',
  'https://example.com/;script-src *',
  'https://example.com/a b',
  "https://example.com/'unsafe-inline'",
  'https://Example.com',
  'https://-x.example.com',
  'https://[::1]',
  'https://example.com\\@evil.example',
  'http://example.com',
  'javascript:alert(1)',
  "'unsafe-inline'",
  'data:',
  '*',
  '',
  '/api/other',
  '/api/enquiry;script-src *',
];

/** The directives of a policy, by name. */
const directives = (policy: string): Record<string, string> =>
  Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));

describe('security-headers', () => {
  it('builds a policy of exactly its eleven directives, naming only the origins of external endpoints', () => {
    const policy = securityHeaders([
      FORM_PATHS.enquiry,
      'https://forms.example.com:8443/f/abc123?key=x1',
      'https://forms.example.com:8443/f/b',
    ])['Content-Security-Policy'];
    expect(directives(policy ?? '')).toEqual({
      'default-src': "default-src 'self'",
      'script-src': "script-src 'self'",
      'style-src': "style-src 'self' 'unsafe-inline'",
      'img-src': "img-src 'self' data:",
      'font-src': "font-src 'self'",
      'media-src': "media-src 'self'",
      'connect-src': "connect-src 'self' https://forms.example.com:8443",
      'form-action': "form-action 'self' https://forms.example.com:8443",
      'object-src': "object-src 'none'",
      'frame-ancestors': "frame-ancestors 'none'",
      'base-uri': "base-uri 'self'",
    });
    expect(securityHeaders([FORM_PATHS.enquiry, FORM_PATHS.apply])['Content-Security-Policy']).toContain(
      "connect-src 'self'; form-action 'self';",
    );
  });

  it('refuses any endpoint that is not a path the server answers or a plain https:// address', () => {
    expect(() => securityHeaders(['https://x;script-src-elem', 'https://*'])).toThrow(
      '"https://x;script-src-elem" cannot be named in the Content-Security-Policy: a form endpoint is a path this site\'s server answers or a plain https:// address (npm run validate says which field holds it).',
    );
    for (const value of HOSTILE)
      expect(() => securityHeaders([FORM_PATHS.enquiry, value]), JSON.stringify(value)).toThrow(
        / cannot be named in the Content-Security-Policy: /,
      );
  });

  it('refuses an endpoint named by the environment in one line naming the variable', () => {
    const site = { endpoints: { enquiry: FORM_PATHS.enquiry, apply: FORM_PATHS.apply } } as Site;
    const refused = (name: string, path: string, value: string) =>
      `${name} must be ${path}, where this site's server receives the form, or the address of a form service, like https://forms.example.com/f/abc123 (a lowercase host name; no spaces, quotes, commas, semicolons or *); it is ${JSON.stringify(value)}. Correct it, or unset it to use the endpoints of pages/_site.json.`;
    expect(endpointVariableProblems({ ENQUIRY_ENDPOINT: 'https://x;script-src-elem', APPLY_ENDPOINT: 'https://*' })).toEqual([
      refused('ENQUIRY_ENDPOINT', '/api/enquiry', 'https://x;script-src-elem'),
      refused('APPLY_ENDPOINT', '/api/apply', 'https://*'),
    ]);
    expect(() => formEndpoints(site, { APPLY_ENDPOINT: FORM_PATHS.enquiry })).toThrow(
      refused('APPLY_ENDPOINT', '/api/apply', '/api/enquiry'),
    );
    for (const value of HOSTILE)
      expect(() => formEndpoints(site, { ENQUIRY_ENDPOINT: value }), JSON.stringify(value)).toThrow(/^ENQUIRY_ENDPOINT must be/);
    expect(formEndpoints(site, { ENQUIRY_ENDPOINT: 'https://forms.example.com/f/abc123' })).toEqual({
      enquiry: 'https://forms.example.com/f/abc123',
      apply: '/api/apply',
    });
  });

  it('is given by the validator only endpoints it accepts: the trial site file is refused where it is written', () => {
    const { problems } = loadSite(root, join(root, 'tests/fixtures/hostile-site'));
    const refused = (title: string, path: string, value: string) =>
      `"${title}" must be ${path}, where this site's server receives this form, or the address of a form service, like https://forms.example.com/f/abc123 (a lowercase host name; no spaces, quotes, commas, semicolons or *); you wrote ${JSON.stringify(value)}.`;
    expect(problems).toEqual([
      {
        file: 'tests/fixtures/hostile-site/_site.json',
        line: 63,
        column: 16,
        path: 'endpoints.enquiry',
        code: 'badEndpoint',
        message: refused('Enquiry endpoint', '/api/enquiry', 'https://x;script-src-elem'),
      },
      {
        file: 'tests/fixtures/hostile-site/_site.json',
        line: 64,
        column: 14,
        path: 'endpoints.apply',
        code: 'badEndpoint',
        message: refused('Application endpoint', '/api/apply', 'https://*'),
      },
    ]);
  });

  it('shares one list of form paths with the server and one endpoint grammar with the site schema', () => {
    // The forms' paths, and where a form asks for its time token.
    expect(Object.keys(formsApi({ root, store: {} as StoreWriter })).sort()).toEqual(
      [...Object.values(FORM_PATHS), FORM_TOKEN_PATH].sort(),
    );
    const schema = JSON.parse(readFileSync(join(root, 'schemas/site.schema.json'), 'utf8'));
    for (const form of ['enquiry', 'apply'] as const)
      expect(new RegExp(schema.properties.endpoints.properties[form].pattern).source).toBe(
        new RegExp(`^(${FORM_PATHS[form]}|${HTTPS_ENDPOINT.source.slice(1, -1)})$`).source,
      );
  });
});
