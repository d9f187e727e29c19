/**
 * Language choice for the analysis: the given language when it is English or French (any region,
 * "fr-CA" → "fr"), otherwise a stop-word count over the text decides. Words that exist in both
 * languages ("on", "a", "en", "de"…) are left out of both lists.
 */
import { normalizeForMatch, tokens } from './text.js';

export type EngineLanguage = 'en' | 'fr';

const EN = new Set(
  'the and you is to it that we of i for this with have are do what can your my so but be just not they about was our would will if at there how me he she them their been were yeah okay right think want need know'.split(
    ' ',
  ),
);
const FR = new Set(
  "le la les et vous est un une des je pas ca que qui pour avec nous c'est mais il elle au du oui bien tres votre vos nos notre on y avez etes sont suis j'ai c'etait aussi alors parce quoi comment merci bonjour d'accord".split(
    ' ',
  ),
);

/** Counts English and French stop words; French wins only with strictly more hits. */
export function detectLanguage(text: string): EngineLanguage {
  let en = 0;
  let fr = 0;
  for (const w of tokens(normalizeForMatch(text.slice(0, 20_000)))) {
    if (EN.has(w)) en++;
    else if (FR.has(w)) fr++;
  }
  return fr > en ? 'fr' : 'en';
}

/** The language to analyse in: the declared one when supported, else detected from the text. */
export function resolveLanguage(declared: string | undefined, text: string): EngineLanguage {
  const base = declared?.trim().toLowerCase().split(/[-_]/u)[0];
  if (base === 'en' || base === 'fr') return base;
  return detectLanguage(text);
}
