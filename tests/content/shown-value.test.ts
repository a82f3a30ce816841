import { describe, expect, it } from 'vitest';
import { shownValue } from '../../src/content/shown-value';

describe('shownValue', () => {
  it('shows values as a person reads them', () => {
    expect(shownValue('Work with us')).toBe('Work with us');
    expect(shownValue('')).toBe('(empty)');
    expect(shownValue(undefined)).toBe('(removed)');
    expect(shownValue(['a', 'b'])).toBe('["a","b"]');
  });
});
