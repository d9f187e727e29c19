/**
 * Owns the language of server answers: English by default, French when the request asks for it
 * (`Accept-Language`, which the web app sets to the interface's language).
 */
import { fillPlaceholders } from '../errors.js';
import { MESSAGES_FR } from './messages.fr.js';

export type Language = 'en' | 'fr';

/** The first supported language of an Accept-Language header, by quality. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = Number(/q=([\d.]+)/.exec(rest.join(';'))?.[1] ?? '1');
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) if (r.lang === 'fr' || r.lang === 'en') return r.lang;
  return 'en';
}

/** A message in the asked language with its placeholders filled; English when no translation exists. */
export function translate(lang: Language, message: string, params?: Record<string, string | number>): string {
  const text = lang === 'fr' ? (MESSAGES_FR[message] ?? message) : message;
  return fillPlaceholders(text, params);
}
