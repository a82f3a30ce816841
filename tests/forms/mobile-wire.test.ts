import { describe, expect, it } from 'vitest';
import { joinMobile, splitMobile } from '../../src/forms/mobile-wire';

describe('the mobile wire format', () => {
  it('joins the dial code and the number with one space, and splits them back', () => {
    expect(joinMobile('+91', '9876543210')).toBe('+91 9876543210');
    expect(splitMobile(joinMobile('+971', '501234567'))).toEqual({ mobileRef: '+971', mobile: '501234567' });
    expect(splitMobile('+91 ')).toEqual({ mobileRef: '+91', mobile: '' });
  });

  it('is no pair for anything else, so the number is checked as it was sent', () => {
    for (const wire of ['9876543210', '+91  9876543210', '91 9876543210', '+12345 1', '+91 98 76', ' +91 9876543210'])
      expect(splitMobile(wire), wire).toBeUndefined();
  });
});
