/**
 * Owns i18next: English by default, French available, the choice saved as `language`,
 * `<html lang>` kept in step. One `translation` namespace per language today; later modules
 * (for example the logbook) add their own namespace file beside it.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enTranslation from '../locales/en/translation.json';
import frTranslation from '../locales/fr/translation.json';
import { readStorage, storageKeys, writeStorage } from './storage';

export const supportedLanguages = ['en', 'fr'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'en';
export const defaultNamespace = 'translation';

export const resources = {
  en: { translation: enTranslation },
  fr: { translation: frTranslation },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const saved = readStorage(storageKeys.language);
  return isLanguage(saved) ? saved : defaultLanguage;
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...supportedLanguages],
  ns: [defaultNamespace],
  defaultNS: defaultNamespace,
  interpolation: { escapeValue: false },
  initAsync: false,
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
