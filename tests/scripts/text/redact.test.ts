import { describe, expect, it } from 'vitest';
import { hasCredentials, redact, registerSecret, registerSecretsOf } from '../../../scripts/text/redact';

describe('redact', () => {
  it('hides the password of any address, and a user part that stands alone', () => {
    expect(redact('connect smtps://website%40example.com:app-pass@smtp.example.com:465 failed')).toBe(
      'connect smtps://website%40example.com:***@smtp.example.com:465 failed',
    );
    expect(redact('POST http://user:pa:ss@hooks.example.com/leads')).toBe('POST http://user:***@hooks.example.com/leads');
    expect(redact('git push https://ghp_abcdef123@github.com/acme/site.git')).toBe('git push https://***@github.com/acme/site.git');
    expect(redact('postgres://site:@db:5432/x and postgres://db:5432/x')).toBe('postgres://site:***@db:5432/x and postgres://db:5432/x');
    // An @ in a path or an e-mail address is no credential.
    expect(redact('https://example.com/@ana mail ana@example.com')).toBe('https://example.com/@ana mail ana@example.com');
  });

  it('hides bearer tokens, webhook secrets and key parameters', () => {
    expect(redact('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer ***');
    expect(redact('WEBHOOK_SECRET=whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe('WEBHOOK_SECRET=whsec_***');
    expect(redact('/?token=s3cr3t&page=2 and https://x/a?api_key=k1&sig=zz#top')).toBe(
      '/?token=***&page=2 and https://x/a?api_key=***&sig=***#top',
    );
  });

  it('hides registered secrets wherever they appear, raw or percent-encoded', () => {
    registerSecret('pa ss/word');
    expect(redact('the server said: bad password "pa ss/word" (pa%20ss%2Fword)')).toBe('the server said: bad password "***" (***)');
    registerSecretsOf({ SMTP_URL: 'smtp://u:sm%3Atp-secret@mail:587', EDIT_TOKEN: 'edit-token-1234567', HOME: '/root' });
    expect(redact('auth failed for sm:tp-secret; token edit-token-1234567')).toBe('auth failed for ***; token ***');
    // Short values are not registered: they would hide ordinary words.
    registerSecret('abc');
    expect(redact('abc')).toBe('abc');
  });

  it('tells an address that carries credentials', () => {
    expect(hasCredentials('http://user:password@host/hook')).toBe(true);
    expect(hasCredentials('https://token@host/hook')).toBe(true);
    expect(hasCredentials('https://host/hook')).toBe(false);
    expect(hasCredentials('not an address')).toBe(false);
  });
});
