/**
 * Owns the language of server answers: English by default, French when the request asks for it
 * (`Accept-Language`, which the web app sets to the interface's language).
 */
import type { Role } from '@call-insights/contracts/users';
import { fillPlaceholders, msg, setupFor, type StoredMessage } from '../errors.js';
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

/**
 * A stored message (a failure reason) in the asked language, translated when it is read, so each
 * reader gets their own; `fallback` (the English text older rows kept) when none was stored.
 */
export function storedMessageText(
  lang: Language,
  stored: StoredMessage | null | undefined,
  fallback: string | null,
): string | null {
  if (!stored) return fallback;
  const text = translate(lang, stored.message, ownWordsIn(lang, stored.params));
  return stored.attempt === undefined
    ? text
    : translate(lang, msg('{reason} (attempt {attempt} failed, retrying)'), {
        reason: text,
        attempt: stored.attempt,
      });
}

/**
 * A stored failure's setup hint (`StoredMessage.setup`) in the asked language, for admins only
 * (`setupFor`); null for other roles. A value that is one of our own words (a provider's name such
 * as "The OpenAI-compatible transcription service") is translated too; paths, hosts and setting
 * names stay as they are. A hint stored before it kept its placeholders stays in English.
 */
export function storedSetupText(
  lang: Language,
  role: Role,
  stored: StoredMessage | null | undefined,
): string | null {
  const setup = setupFor(role, stored);
  if (setup === null) return null;
  return translate(lang, setup, ownWordsIn(lang, stored?.setupParams));
}

/**
 * A stored message's values with those that are our own words (a provider's name such as "The
 * OpenAI-compatible transcription service") in the asked language; paths, hosts, numbers and
 * setting names stay as they are.
 */
export function ownWordsIn(
  lang: Language,
  params: Record<string, string | number> | undefined,
): Record<string, string | number> | undefined {
  if (!params || lang === 'en') return params;
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? translate(lang, v) : v]),
  );
}

/** A message in the asked language with its placeholders filled; English when no translation exists. */
export function translate(lang: Language, message: string, params?: Record<string, string | number>): string {
  const text = lang === 'fr' ? (MESSAGES_FR[message] ?? message) : message;
  return fillPlaceholders(text, lang === 'en' ? params : relistParams(lang, params));
}

const LIST_LOCALE: Record<Language, string> = { en: 'en-GB', fr: 'fr' };

/** Items joined as the language joins them: "A, B or C", "A, B ou C" (`conjunction`: and, et). */
export function joinList(
  lang: Language,
  items: readonly string[],
  type: 'disjunction' | 'conjunction' = 'conjunction',
): string {
  return new Intl.ListFormat(LIST_LOCALE[lang], { type }).format(items);
}

/** English lists made by `listParam`, so a message parameter holding one is joined again in the reader's language. */
const LIST_PARAMS = new Map<string, { items: readonly string[]; type: 'disjunction' | 'conjunction' }>();

/**
 * A list of our own words (accepted file formats…) as a message parameter: joined in English where
 * the parameter is kept (errors, stored failure reasons) and re-joined by `translate` in French.
 */
export function listParam(items: readonly string[], type: 'disjunction' | 'conjunction'): string {
  const english = joinList('en', items, type);
  LIST_PARAMS.set(english, { items, type });
  return english;
}

function relistParams(lang: Language, params: Record<string, string | number> | undefined) {
  if (!params) return params;
  let out: Record<string, string | number> | undefined;
  for (const [name, value] of Object.entries(params)) {
    const list = typeof value === 'string' ? LIST_PARAMS.get(value) : undefined;
    if (list) (out ??= { ...params })[name] = joinList(lang, list.items, list.type);
  }
  return out ?? params;
}
