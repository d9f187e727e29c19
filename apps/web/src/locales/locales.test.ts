import { describe, expect, it } from 'vitest';
import en from './en/translation.json';
import fr from './fr/translation.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('French has exactly the English keys', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('has no empty texts', () => {
    for (const [name, bundle] of Object.entries({ en, fr })) {
      const empty = keys(bundle).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, name).toEqual([]);
    }
  });

  it('keeps the spec texts in English', () => {
    expect(en.pages.dashboard.title).toBe('Call Insights Hub');
    expect(en.pages.dashboard.description).toBe('Your AI-powered call analysis command center.');
    expect(en.pages.admin.description).toBe('Manage your locations and settings.');
    expect(en.pages.profile.description).toBe('Manage your personal information and preferences.');
    expect(en.pages.account.description).toBe('Manage your account settings and security.');
    expect(en.notFound.description).toBe('Sorry, we couldn’t find the page you’re looking for.');
    expect(en.validation.passwordMismatch).toBe("Password and Confirm password isn't matched");
  });
});
