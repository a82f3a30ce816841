/**
 * Preview links' tokens (scripts/publish/review/read-preview.ts): read back as made with the
 * same secret until they expire, and refused when changed, cut, made with another secret, of
 * another form, or too long; a secret too short signs nothing.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newClaim, readPreview, secretProblem, signPreview } from '../../../scripts/publish/review/read-preview';

const SECRET = 'a-secret-of-the-site-0123456789';
const TIP = 'a'.repeat(40);
const NOW = Date.UTC(2026, 11, 7, 12);

describe('preview link tokens', () => {
  it('read back the claim they were made with until they expire, then say expired', () => {
    const claim = newClaim('2026-12-07-0a1b2c3d', TIP, 7, NOW);
    expect(claim.link).toMatch(/^[0-9a-f]{16}$/);
    expect(claim.expires - NOW).toBe(7 * 24 * 60 * 60 * 1000);
    const token = signPreview(SECRET, claim);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(readPreview(SECRET, token, NOW)).toEqual({ claim });
    expect(readPreview(SECRET, token, claim.expires - 1)).toEqual({ claim });
    expect(readPreview(SECRET, token, claim.expires)).toEqual({ refused: 'expired' });
    // Two links of one review differ, so that one can be revoked alone.
    expect(newClaim(claim.review, TIP, 7, NOW).link).not.toBe(claim.link);
  });

  it('refuse a token changed, cut, signed with another secret, of another form or too long', () => {
    const claim = newClaim('2026-12-07-0a1b2c3d', TIP, 7, NOW);
    const token = signPreview(SECRET, claim);
    const [body = '', signed = ''] = token.split('.');
    const resign = (value: unknown) => {
      const part = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part}.${createHmac('sha256', SECRET).update(part).digest('base64url')}`;
    };
    const refused = [
      signPreview('another-secret-of-32-characters!', claim),
      `${body}.${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`,
      `${Buffer.from(JSON.stringify({ ...claim, expires: claim.expires * 2 })).toString('base64url')}.${signed}`,
      body,
      `${body}.`,
      `${body}.${signed}.${signed}`,
      `${body}.${signed}`.slice(0, -3),
      'not a token',
      '',
      `${'a'.repeat(600)}.${signed}`,
      // Signed with the secret but not of the form: an id that is no review's, a tip that is no commit, a link id too short.
      resign({ ...claim, review: '../../main' }),
      resign({ ...claim, tip: 'HEAD' }),
      resign({ ...claim, link: 'x' }),
      resign({ ...claim, expires: 'never' }),
      resign('a string'),
    ];
    for (const each of refused) expect(readPreview(SECRET, each, NOW), each).toEqual({ refused: 'invalid' });
  });

  it('are not made or read with a secret too short', () => {
    expect(secretProblem(undefined)).toMatch(/at least 16 characters/);
    expect(secretProblem('short')).toMatch(/at least 16 characters/);
    expect(secretProblem(SECRET)).toBeUndefined();
    const token = signPreview('short', newClaim('2026-12-07-0a1b2c3d', TIP, 7, NOW));
    expect(readPreview('short', token, NOW)).toEqual({ refused: 'invalid' });
  });
});
