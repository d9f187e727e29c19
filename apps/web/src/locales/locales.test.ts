import { describe, expect, it } from 'vitest';
import en from './en/translation.json';

type Bundle = { default: unknown };

/** Every `<language>/<namespace>.json` file, read eagerly for the checks below. */
const files = import.meta.glob<Bundle>('./*/*.json', { eager: true });

function bundles(language: string): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [file, bundle] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === language && match[2]) found.set(match[2], bundle.default);
  }
  return found;
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function valueAt(bundle: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
}

describe('locales', () => {
  const english = bundles('en');
  const french = bundles('fr');

  it('has the same namespaces in English and French, translation among them', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
    expect(english.has('translation')).toBe(true);
  });

  // There is no fallback language at run time, so a key missing in French would show as a key.
  it('French has exactly the English keys in every namespace', () => {
    for (const [namespace, bundle] of english) {
      expect(keys(french.get(namespace)).sort(), namespace).toEqual(keys(bundle).sort());
    }
  });

  it('has no empty texts', () => {
    for (const [language, found] of Object.entries({ en: english, fr: french })) {
      for (const [namespace, bundle] of found) {
        const empty = keys(bundle).filter((key) => {
          const text = valueAt(bundle, key);
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
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
