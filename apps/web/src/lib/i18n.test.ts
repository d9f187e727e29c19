import { describe, expect, it } from 'vitest';
import { initialLanguage } from './i18n';

describe('initialLanguage', () => {
  it('keeps a saved choice whatever the browser prefers', () => {
    expect(initialLanguage('en', ['fr-FR', 'fr'])).toBe('en');
    expect(initialLanguage('fr', ['en-US'])).toBe('fr');
  });

  it('follows the browser before any choice, by primary subtag ("fr-CA" is French)', () => {
    expect(initialLanguage(undefined, ['fr-CA', 'en-US'])).toBe('fr');
    expect(initialLanguage(null, ['FR-be'])).toBe('fr');
    expect(initialLanguage(undefined, ['en-GB', 'fr'])).toBe('en');
  });

  it('takes the first browser language the app speaks, skipping the others', () => {
    expect(initialLanguage(undefined, ['de-DE', 'es', 'fr-CH', 'en'])).toBe('fr');
  });

  it('falls back to English when nothing matches or the saved value is not a language', () => {
    expect(initialLanguage(undefined, ['de-DE', 'ja'])).toBe('en');
    expect(initialLanguage(undefined, [])).toBe('en');
    expect(initialLanguage('xx', ['ja'])).toBe('en');
  });
});
