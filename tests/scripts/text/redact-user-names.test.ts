import { describe, expect, it } from 'vitest';
import { redact } from '../../../scripts/text/redact';

describe('redact, on a user part standing alone', () => {
  it('hides it on the web, where it is often a token, and keeps it where it names a user', () => {
    expect(redact('push to https://ghp_abc123@github.com/acme/site.git and wss://tok3n@feed.example.com')).toBe(
      'push to https://***@github.com/acme/site.git and wss://***@feed.example.com',
    );
    expect(redact('form submissions go to postgres://postgres@127.0.0.1:5432/shared')).toBe(
      'form submissions go to postgres://postgres@127.0.0.1:5432/shared',
    );
    expect(redact('smtp://website%40example.com@smtp.example.com:587 and postgres://site:pw@db/x')).toBe(
      'smtp://website%40example.com@smtp.example.com:587 and postgres://site:***@db/x',
    );
  });
});
