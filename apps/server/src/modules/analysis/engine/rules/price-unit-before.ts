/**
 * The unit or period named before an amount ("la séance est à …", "each workshop is …"). Part of the
 * price reader (`pricing.ts`), beside the units said after the amount (`price-units.ts`).
 */
import { fold } from './price-tokens.js';
import { NOT_UNITS } from './price-not-units.js';
import { TIME_WORDS, countUnit, singular } from './price-units.js';
import type { CountUnit, TimeUnit } from './pricing.js';

/**
 * Things sold by the piece, the session or the measure, which people name before the amount as often
 * as after it ("la séance est à quatre-vingt-neuf euros", "a box of fifty roses is sixty-five
 * dollars", "le bloc de dix kilos est à vingt-six nonante"). General knowledge of what is priced per
 * item, in both languages; the names of a charge itself (delivery, the bill, the total, the plan)
 * are not among them, since "la livraison, c'est trente" is a price of its own, not one per delivery.
 */
const UNITS_NAMED_BEFORE = new Set([
  'session',
  'class',
  'lesson',
  'night',
  'meal',
  'ticket',
  'bottle',
  'case',
  'box',
  'bag',
  'pack',
  'pallet',
  'piece',
  'shirt',
  'item',
  'cord',
  'load',
  'seance',
  'cours',
  'lecon',
  'nuit',
  'nuitee',
  'repas',
  'couvert',
  'place',
  'billet',
  'bouteille',
  'caisse',
  'carton',
  'boite',
  'sac',
  'sachet',
  'pot',
  'bloc',
  'corde',
  'palette',
  'chemise',
  'costume',
  'article',
  'animation',
  'tete',
  'metre',
]);

// The noun must not follow a preposition: "pour l'an prochain, c'est …" says when, not per what.
const NAMED_BEFORE_FR =
  /(?:^|[\s,;:])(?<!(?:pour|de|dans|en|par|sur|avant|apres|depuis)\s)(chaque|le|la|l'|un|une)\s*([\p{L}-]+)(?:\s+[\p{L}'-]+){0,4}\s*,?\s*(?:est a|est de|c'est|coute|revient a|sont a|vaut)\s*(?:environ|a peu pres|seulement|juste|autour de)?\s*$/u;
const NAMED_BEFORE_EN =
  /(?:^|[\s,;:])(?<!(?:for|of|in|per|on|by|during|since|after|before)\s)(each|every|a|an|one|the)\s+([\p{L}-]+)(?:\s+of\s+[\p{L}\d' -]{1,30})?\s*,?\s*(?:is|costs|runs|goes for|will be|would be|comes to|'s)\s*(?:about|around|just|only|like)?\s*$/u;

/** The unit as the speaker wrote it ("leçon", not the folded "lecon"), lower case and singular. */
function unitAsSaid(text: string, noun: string): string {
  const said = [...text.matchAll(/[\p{L}-]+/gu)].map((w) => w[0]).findLast((w) => fold(w) === noun) ?? noun;
  return singular(said.toLowerCase());
}

/**
 * The unit or period named before an amount that has none after it (see `UNITS_NAMED_BEFORE`):
 * "chaque animation est à …" (any noun after "chaque" / "each"), "la séance est à …", "le
 * trimestre, c'est …", "a box of fifty roses is …". `before` is the text of the clause before the
 * amount.
 */
export function unitNamedBefore(
  before: string,
): { per: CountUnit; perText: string } | { period: TimeUnit } | null {
  const text = fold(before);
  const m = NAMED_BEFORE_FR.exec(text) ?? NAMED_BEFORE_EN.exec(text);
  if (!m) return null;
  const article = m[1] ?? '';
  const noun = m[2] ?? '';
  const perText = unitAsSaid(before, noun);
  const each = article === 'chaque' || article === 'each' || article === 'every';
  const definite = article === 'le' || article === 'la' || article === "l'" || article === 'the';
  // "Le trimestre, c'est …", "l'heure est à …", "each month is …": a period. ("The month is" and
  // "a month is" say which month, not a rate.)
  const period = TIME_WORDS[noun];
  if (period) return each || (definite && article !== 'the') ? { period } : null;
  if (UNITS_NAMED_BEFORE.has(noun) || UNITS_NAMED_BEFORE.has(singular(noun)))
    return { per: singular(noun), perText };
  // Any count unit after "chaque" / "each" / "a"; after "le" / "the" only the things sold by the
  // piece above ("the project is twelve thousand" is the price of the project).
  if (definite) return null;
  const known = countUnit(noun);
  if (known) return { per: known, perText };
  if (each && noun.length >= 3 && !NOT_UNITS.has(noun)) return { per: singular(noun), perText };
  return null;
}

/**
 * The things an amount said "each" is for, named as the sentence's subject: "the monitors are a
 * hundred and twenty-nine each", "stoles on their own are twenty-two each", "les housses sont à douze
 * euros chacune". `before` is the text before the amount. Why: people price a list of goods by naming
 * each and saying "each"; the label counts per the thing named, not per "each".
 */
const PLURAL_SUBJECT =
  /(?:^|[\s,;:])([\p{L}-]{3,}[sx])(?:\s+[\p{L}']+){0,3}\s+(?:are|run|cost|go for|sell for|would be|will be|come to|sont a|sont|coutent|valent|reviennent a)\s*(?:about|around|just|only|like|roughly|environ|a peu pres|seulement)?\s*$/u;
/** Plural nouns that name no thing sold one by one ("the prices are …", "the others are …"). */
const NOT_SUBJECTS = new Set([
  'ones',
  'things',
  'prices',
  'rates',
  'costs',
  'fees',
  'totals',
  'numbers',
  'others',
  'options',
  'quotes',
  'payments',
  'charges',
  'prix',
  'tarifs',
  'couts',
  'frais',
  'autres',
  'ours',
  'yours',
  'theirs',
]);

export function subjectUnit(before: string): { per: CountUnit; perText: string } | null {
  const text = fold(before);
  const m = PLURAL_SUBJECT.exec(text);
  const noun = m?.[1];
  if (!noun || NOT_SUBJECTS.has(noun) || NOT_UNITS.has(noun)) return null;
  return { per: countUnit(noun) ?? singular(noun), perText: unitAsSaid(before, noun) };
}

/**
 * A unit said at the head of the sentence, before the amounts it counts: "Per event, a pair of them
 * is four seventy-five", "Par table, on est à …". `before` is the sentence up to the amount.
 */
const PER_HEAD =
  /^\s*(?:(?:so|and|but|ok|okay|well|alors|et|bon)\s+)?(?:per|par|pour chaque|for each)\s+([\p{L}-]{3,})\s*,[^.!?]*$/u;

export function unitAtHead(
  before: string,
): { per: CountUnit; perText: string } | { period: TimeUnit } | null {
  const sentence = before.split(/[.!?]\s+/u).at(-1) ?? '';
  const m = PER_HEAD.exec(fold(sentence));
  const noun = m?.[1];
  if (!noun || NOT_UNITS.has(noun)) return null;
  const period = TIME_WORDS[noun];
  if (period) return { period };
  return { per: countUnit(noun) ?? singular(noun), perText: unitAsSaid(sentence, noun) };
}
