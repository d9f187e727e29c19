import { describe, expect, it } from 'vitest';
import { absoluteShareLink } from './create-share-link';

describe('absoluteShareLink', () => {
  it('resolves a path against the page origin', () => {
    expect(absoluteShareLink('/share/abc', 'http://localhost:3000')).toBe('http://localhost:3000/share/abc');
  });

  it('keeps an absolute link from the server', () => {
    expect(absoluteShareLink('https://calls.example.com/share/abc', 'http://localhost:3000')).toBe(
      'https://calls.example.com/share/abc',
    );
  });
});
