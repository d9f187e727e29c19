/**
 * Owns i18next: English and French; the choice saved as `language`; before any choice, the first
 * of the browser's preferred languages that the app speaks (`navigator.languages`: "fr-CA" → French),
 * else English; `<html lang>` kept in step.
 *
 * Translations live in `src/locales/<language>/<namespace>.json` and are found by the build
 * (`import.meta.glob`): a new feature adds `locales/en/<feature>.json` and `locales/fr/<feature>.json`
 * and one line in `src/types/i18next.d.ts` for typed keys, then calls `useTranslation('<feature>')`.
 * Each file is its own chunk, fetched on first use and only for the current language: `translation`
 * (the shell-wide namespace, the default) before the first render, a feature's namespace when a
 * component first asks for it (the route's Suspense fallback shows meanwhile).
 * There is no fallback language, so French never downloads English; `locales.test.ts` keeps the
 * two languages' keys identical in every namespace.
 *
 * `recordings` and `analysis` were sections of `translation` and kept their keys
 * (`t('recordings.caption')`): they are fallback namespaces, searched when `translation` lacks a
 * key, and the routes that show them load them with their code (`app/router.tsx`), so /signin
 * does not download them.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from './storage';

export const supportedLanguages = ['en', 'fr'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'en';
export const defaultNamespace = 'translation';
/** Former sections of `translation` in files of their own; see the header. */
export const sectionNamespaces = ['recordings', 'analysis'] as const;
export type SectionNamespace = (typeof sectionNamespaces)[number];

type Bundle = { default: ResourceKey };
type Loader = () => Promise<Bundle>;

/** `../locales/en/translation.json` → loader, one per file; nothing is fetched until called. */
const localeFiles = import.meta.glob<Bundle>('../locales/*/*.json');

const FILE_PATTERN = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Every `(language, namespace)` file of the app, keyed `language/namespace`. */
const loaders = new Map<string, Loader>();
for (const [file, load] of Object.entries(localeFiles)) {
  const match = FILE_PATTERN.exec(file);
  if (match) loaders.set(`${match[1]}/${match[2]}`, load);
}

/** The namespaces found on disk (in any language), sorted; `translation` among them. */
export const namespaces: readonly string[] = [
  ...new Set([...loaders.keys()].map((key) => key.slice(key.indexOf('/') + 1))),
].sort();

/** An i18next backend that reads a namespace from its lazily imported JSON chunk. */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (bundle) => callback(null, bundle.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/**
 * The language to start in: the saved choice, else the first browser language the app speaks (by its
 * primary subtag, so "fr-BE" is French), else the default.
 */
export function initialLanguage(saved: unknown, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return defaultLanguage;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

function storedLanguage(): Language {
  return initialLanguage(readStorage(storageKeys.language), browserLanguages());
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();

/** Settles once the current language's `translation` namespace is loaded: render after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: [...supportedLanguages],
    ns: [defaultNamespace],
    defaultNS: defaultNamespace,
    fallbackNS: [...sectionNamespaces],
    interpolation: { escapeValue: false },
  });

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

export function changeLanguage(language: Language): void {
  writeStorage(storageKeys.language, language);
  void i18n.changeLanguage(language);
}
