/**
 * Owns the language of server answers: English by default, French when the request asks for it
 * (`Accept-Language`, which the web app sets to the interface's language).
 */
import { fillPlaceholders, msg, type StoredMessage } from '../errors.js';
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

/** A stored message (a failure reason) in the asked language; `fallback` when none was stored. */
export function storedMessageText(
  lang: Language,
  stored: StoredMessage | null | undefined,
  fallback: string | null,
): string | null {
  if (!stored) return fallback;
  const text = translate(lang, stored.message, stored.params);
  return stored.attempt === undefined
    ? text
    : translate(lang, msg('{reason} (attempt {attempt} failed, retrying)'), {
        reason: text,
        attempt: stored.attempt,
      });
}

/** A message in the asked language with its placeholders filled; English when no translation exists. */
export function translate(lang: Language, message: string, params?: Record<string, string | number>): string {
  const text = lang === 'fr' ? (MESSAGES_FR[message] ?? message) : message;
  return fillPlaceholders(text, params);
}
