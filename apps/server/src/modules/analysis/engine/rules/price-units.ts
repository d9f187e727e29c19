/**
 * What an amount is counted per: periods ("a month", "par an", "one-time") and count units ("per
 * seat", "par utilisateur", any noun after "per"). Part of the price reader (`pricing.ts`).
 */
import { readNumberWords } from '../numbers.js';
import { NOT_UNITS } from './price-not-units.js';
import { isWord, type Tok } from './price-tokens.js';
import type { CountUnit, Price, TimeUnit } from './pricing.js';

export const TIME_WORDS: Record<string, TimeUnit> = {
  mo: 'month',
  mos: 'month',
  mth: 'month',
  month: 'month',
  months: 'month',
  mois: 'month',
  yr: 'year',
  yrs: 'year',
  year: 'year',
  years: 'year',
  annum: 'year',
  an: 'year',
  annee: 'year',
  wk: 'week',
  week: 'week',
  semaine: 'week',
  day: 'day',
  jour: 'day',
  journee: 'day',
  hr: 'hour',
  hour: 'hour',
  heure: 'hour',
  quarter: 'quarter',
  trimestre: 'quarter',
};
export const STANDALONE_PERIODS: Record<string, TimeUnit> = {
  monthly: 'month',
  mensuel: 'month',
  mensuelle: 'month',
  mensuels: 'month',
  mensuelles: 'month',
  yearly: 'year',
  annually: 'year',
  annual: 'year',
  annuel: 'year',
  annuelle: 'year',
  annuels: 'year',
  annuelles: 'year',
  weekly: 'week',
  hebdomadaire: 'week',
  daily: 'day',
  hourly: 'hour',
  quarterly: 'quarter',
  trimestriel: 'quarter',
  trimestrielle: 'quarter',
};
export const COUNT_WORDS: Record<string, CountUnit> = {
  user: 'user',
  users: 'user',
  utilisateur: 'user',
  utilisatrice: 'user',
  person: 'user',
  personne: 'user',
  head: 'user',
  employee: 'user',
  employe: 'user',
  agent: 'user',
  member: 'user',
  membre: 'user',
  seat: 'seat',
  siege: 'seat',
  // Weights and volumes: goods priced by quantity ("eleven dollars a pound", "deux euros le kilo").
  pound: 'pound',
  lb: 'pound',
  kilo: 'kilogram',
  kg: 'kilogram',
  kilogram: 'kilogram',
  kilogramme: 'kilogram',
  ton: 'ton',
  tonne: 'ton',
  gallon: 'gallon',
  quart: 'quart',
  pint: 'pint',
  litre: 'liter',
  liter: 'liter',
  poste: 'seat',
  location: 'location',
  site: 'location',
  store: 'location',
  branch: 'location',
  office: 'location',
  clinic: 'location',
  clinique: 'location',
  succursale: 'location',
  etablissement: 'location',
  magasin: 'location',
  bureau: 'location',
  license: 'license',
  licence: 'license',
  device: 'device',
  appareil: 'device',
  vehicle: 'vehicle',
  truck: 'vehicle',
  van: 'vehicle',
  vehicule: 'vehicle',
  camion: 'vehicle',
  contact: 'contact',
  lead: 'lead',
  call: 'call',
  appel: 'call',
  minute: 'minute',
  text: 'message',
  message: 'message',
  sms: 'message',
  texto: 'message',
  visit: 'visit',
  visite: 'visit',
  appointment: 'visit',
  job: 'job',
  project: 'job',
  projet: 'job',
  intervention: 'job',
  unit: 'unit',
  // "eleven cents a piece", "douze euros pièce": goods priced one by one. Named for itself, so a
  // known unit after "a" even when the sentence runs on ("a piece delivered").
  piece: 'piece',
  door: 'unit',
  logement: 'unit',
  unite: 'unit',
  room: 'unit',
  chambre: 'unit',
};
/** Words that introduce a unit: "per month", "a year", "par mois", "la pièce", "du kilomètre". */
export const CONNECTORS = new Set([
  'per',
  'a',
  'an',
  'each',
  'every',
  'par',
  'chaque',
  'le',
  'la',
  'du',
  'de',
]);
/** Connectors after which any noun is a count unit ("per pallet", "par pièce", "la pièce"). */
export const OPEN_CONNECTORS = new Set(['per', 'each', 'every', 'par', 'chaque', 'la', 'le', 'du']);
export const ONE_TIME_WORDS = [
  ['one', 'time'],
  ['one', 'off'],
  ['onetime'],
  ['once'],
  ['upfront'],
  ['up', 'front'],
  ['flat', 'fee'],
  ['setup', 'fee'],
  ['set', 'up', 'fee'],
  ['installation', 'fee'],
  ['paiement', 'unique'],
  ['frais', 'unique'],
  ['frais', 'uniques'],
  ['une', 'seule', 'fois'],
  ['une', 'fois'],
  ['en', 'une', 'fois'],
] as const;
/** Multi-word periods said without a connector. */
export const PERIOD_PHRASES: readonly [readonly string[], TimeUnit][] = [
  [['month', 'to', 'month'], 'month'],
  [['mois', 'par', 'mois'], 'month'],
];
export const SKIP_WORDS = new Set([
  'plus',
  'tax',
  'taxes',
  'ht',
  'ttc',
  'hors',
  'sus',
  'before',
  'excluding',
  'flat',
  'total',
  'tout',
  'compris',
  'us',
  'cad',
  'usd',
  // "vingt-huit euros hors taxe l'échantillon", "ninety-nine plus HST a month": a tax named between
  // the amount and its unit, in French and in Canada's and Britain's names for it.
  'taxe',
  'tva',
  'tps',
  'tvq',
  'hst',
  'gst',
  'vat',
]);
/** Verbs of billing that may stand between an amount and its period ("billed monthly", "payé une seule fois"). */
export const BILLING = /^(?:billed|paid|charged|factures?|factures?|payes?|payees?|payable)$/u;
/** Words after which a noun ends the phrase, so "a case" in "thirty six a case right now" is a unit. */
/**
 * Words that may follow a unit noun after "a"/"an" ("thirty six a case and…"), including the clause
 * openers unpunctuated speech-to-text runs on with ("two hundred an episode which is fine").
 */
export const AFTER_UNIT = new Set([
  'and',
  'or',
  'right',
  'from',
  'plus',
  'with',
  // "eleven dollars an acre on the corn", "fifty bucks a night in July", "twenty a head for the
  // buffet", "thirty a box now": a place, a time or a purpose closes the unit's phrase.
  'on',
  'in',
  'at',
  'for',
  'now',
  'then',
  'et',
  'ou',
  'avec',
  'chez',
  'which',
  'if',
  'but',
  'so',
  'because',
  'depending',
  'mais',
  'donc',
  'si',
  // "eighteen a foot installed", "four fifty a door delivered": how the price is delivered closes
  // the unit's phrase, as it closes an amount's.
  'installed',
  'delivered',
  // "fifty five bucks a driver all in", "twenty a head tops": a total or a ceiling closes it too.
  'all',
  'tops',
  'max',
]);

/**
 * A past participle after the unit says in what state the thing comes at that price, as "installed"
 * and "delivered" do (`AFTER_UNIT`): "sixteen forty-five a sheet stocked", "two twenty-nine a tire
 * mounted", "eleven hundred a line rigged". English only: French participles agree and follow nouns
 * everywhere.
 */
const CONDITION_PARTICIPLE = /^[a-z]{3,}ed$/u;

/**
 * Units said in two words, whose second word alone would read as something else: "a square foot"
 * (not a foot), "nine cents a kilowatt hour" (not per kilowatt, per hour).
 */
const TWO_WORD_UNITS: Record<string, { second: readonly string[]; per: CountUnit }> = {
  square: { second: ['foot', 'feet'], per: 'square foot' },
  kilowatt: { second: ['hour'], per: 'kilowatt hour' },
};

export type UnitRead = { per?: CountUnit; perText?: string; period?: TimeUnit | 'one-time'; to: number };

/** Strips a plural "s"/"x" ("seats", "locations", "trucks", "bureaux"). */
export const singular = (w: string) =>
  w.length > 3 && (w.endsWith('s') || w.endsWith('x')) && !w.endsWith('ss') ? w.slice(0, -1) : w;

/** The canonical count unit of a noun, singular or plural ("seats" → "seat"), if it is a known one. */
export const countUnit = (w: string): CountUnit | undefined => COUNT_WORDS[w] ?? COUNT_WORDS[singular(w)];

/** Whether `words` follow from token i (hyphens between them allowed: "one-time", "set-up"). */
export function wordsAt(toks: readonly Tok[], i: number, words: readonly string[]): number | null {
  let j = i;
  for (const [k, w] of words.entries()) {
    if (k > 0 && toks[j]?.kind === 'dash') j++;
    const t = toks[j];
    if (t?.kind !== 'word' || t.w !== w) return null;
    j++;
  }
  return j;
}

/** One unit starting at token i ("per month", "/mo", "a year", "par utilisateur", "monthly", "one-time"). */
export function readUnit(
  toks: readonly Tok[],
  i: number,
  priced: boolean,
  /** A period was read just before: "par mois pour la saison" is how long a monthly price runs. */
  afterPeriod = false,
): UnitRead | null {
  const t = toks[i];
  if (!t) return null;
  for (const words of ONE_TIME_WORDS) {
    const to = wordsAt(toks, i, words);
    if (to !== null) return { period: 'one-time', to };
  }
  if (isWord(t) && STANDALONE_PERIODS[t.w]) return { period: STANDALONE_PERIODS[t.w], to: i + 1 };
  // "deux euros pièce", "thirty dollars apiece": each one, with no connector.
  if (isWord(t) && (t.w === 'apiece' || t.raw.toLowerCase() === 'pièce')) return { per: 'piece', to: i + 1 };
  for (const [words, period] of PERIOD_PHRASES) {
    const to = wordsAt(toks, i, words);
    if (to !== null) return { period, to };
  }
  // "four hundred for the day", "nine thousand for the whole season", "pour la journée": the span
  // the amount pays for.
  if (isWord(t) && (t.w === 'for' || t.w === 'pour') && !afterPeriod) {
    let k = i + 1;
    if (/^(?:the|la|le)$/u.test(toks[k]?.w ?? '')) k++;
    if (/^(?:whole|entire|toute)$/u.test(toks[k]?.w ?? '')) k++;
    const w = (toks[k]?.w ?? '').replace(/^l'/u, '');
    const article = k > i + 1 || (toks[k]?.w ?? '').startsWith("l'");
    if (article && isWord(toks[k]) && (!w.endsWith('s') || w === 'mois') && w !== 'an') {
      const span = TIME_WORDS[w];
      if (span) return { period: span, to: k + 1 };
      if (w === 'season' || w === 'saison') return { per: 'season', perText: w, to: k + 1 };
    }
  }
  let j = i;
  // "every two weeks", "tous les trois mois": a count of periods, not a unit.
  if (
    isWord(t) &&
    (t.w === 'every' || t.w === 'tous') &&
    /^(?:\d+|two|three|four|six|other|les)$/u.test(toks[i + 1]?.w ?? '')
  )
    return null;
  // "deux cent dix francs l'heure", "trois piasses l'unité": the elided article and its noun.
  // Speech-to-text that drops apostrophes glues the article to the noun ("quatre piasses et demie
  // lunité", "cent francs lheure"): read alike, for known units only ("lavage" or "livraison" are
  // words of their own).
  const unglued = isWord(t) && /^l[aeiouyh]/u.test(t.w) ? t.w.slice(1) : '';
  const glued = (!!TIME_WORDS[unglued] && !SEASONS.has(unglued)) || !!COUNT_WORDS[unglued];
  if (isWord(t) && (t.w.startsWith("l'") || glued)) {
    const w = glued ? unglued : t.w.slice(2);
    if (SEASONS.has(w)) return null;
    const span = TIME_WORDS[w];
    if (span) return { period: span, to: i + 1 };
    const known = COUNT_WORDS[w];
    if (known) return { per: known, to: i + 1 };
    // Shown as said, accents kept ("l'échantillon" is per "échantillon").
    const said = glued ? w : t.raw.slice(2).toLowerCase();
    if (priced && w.length >= 3 && !NOT_UNITS.has(w)) return { per: w, perText: said, to: i + 1 };
    return null;
  }
  if (t.kind === 'slash') j++;
  else if (isWord(t) && CONNECTORS.has(t.w)) j++;
  else if (isWord(t) && t.w === 'by' && toks[i + 1]?.w === 'the') j += 2;
  // "sixty for each stump after that": "for each" counts per, as "each" does.
  else if (isWord(t) && t.w === 'for' && toks[i + 1]?.w === 'each') return readUnit(toks, i + 1, priced);
  else return null;
  const u = toks[j];
  if (!isWord(u)) return null;
  // "de l'heure", "à l'unité": the elided article belongs to the unit.
  const w = u.w.replace(/^l'/u, '');
  if (t.w === 'de' && w === u.w) return null;
  // French "à" folds to "a", but "à" and a bare noun is never "per": "neuf mille à charge" (to be
  // paid by), "trois cents euros à part" (separately). "à l'heure" keeps its article.
  if (t.raw === 'à' && w === u.w) return null;
  const period = TIME_WORDS[w];
  if (period) return { period, to: j + 1 };
  const twoWords = TWO_WORD_UNITS[w];
  if (twoWords && twoWords.second.includes(toks[j + 1]?.w ?? '')) return { per: twoWords.per, to: j + 2 };
  const known = countUnit(w);
  if (known) return { per: known, to: j + 1 };
  if (NOT_UNITS.has(w) || w.length < 3) return null;
  // "deux cent soixante-dix euros le trois": "le" and a number is a date or a count, not a unit.
  if (readNumberWords([w], 0, 'fr') || readNumberWords([w], 0, 'en')) return null;
  if (SEASONS.has(w) && t.w !== 'par' && t.w !== 'chaque') return null;
  // Any other noun: after "per"/"par"/"each"/"la" always; after "a"/"an" only for a priced amount
  // whose phrase ends there ("twenty two bucks a pallet a month", "thirty six a case").
  const open = t.kind === 'slash' || OPEN_CONNECTORS.has(t.w);
  const next = toks[j + 1];
  const ends =
    !next ||
    next.kind === 'punct' ||
    (isWord(next) && (CONNECTORS.has(next.w) || AFTER_UNIT.has(next.w) || CONDITION_PARTICIPLE.test(next.w)));
  // "three fifty a desk per month": another unit after the noun confirms it.
  const chained =
    isWord(next) && CONNECTORS.has(next.w) && isWord(toks[j + 2]) && !!TIME_WORDS[toks[j + 2]?.w ?? ''];
  if (open || ((t.w === 'a' || t.w === 'an') && ((priced && ends) || chained))) {
    const raw = u.raw.replace(/^l['’]/iu, '').toLowerCase();
    return { per: singular(w), perText: singular(raw), to: j + 1 };
  }
  return null;
}

/**
 * Seasons after an article say when, not what per: "250 $ par mois l'hiver" is "in winter". With
 * "par" they are a unit ("cinq cents dollars par hiver" for snow removal).
 */
const SEASONS = new Set(['hiver', 'ete', 'automne', 'printemps']);

export function skip(toks: readonly Tok[], i: number): number {
  let j = i;
  while (isWord(toks[j]) && SKIP_WORDS.has(toks[j]?.w ?? '')) j++;
  return j;
}

/** Reads up to two units after token i; returns the units and the token after the last one. */
export function unitsAfter(
  toks: readonly Tok[],
  i: number,
  priced: boolean,
): { per: CountUnit | null; perText: string | null; period: Price['period']; to: number } {
  let per: CountUnit | null = null;
  let perText: string | null = null;
  let period: Price['period'] = null;
  let j = i;
  let to = i;
  for (let k = 0; k < 3; k++) {
    let jj = skip(toks, j);
    // "plus HST a month" skips a tax, but "par mois plus le budget" adds another thing paid for.
    if (toks[jj - 1]?.w === 'plus' && jj > j && /^(?:le|la|les|the|du|des)$/u.test(toks[jj]?.w ?? '')) break;
    // "$49 a seat, billed monthly", "deux cents euros, une seule fois": after a comma, only a billing
    // word or a one-time phrase continues the price.
    if (toks[jj]?.raw === ',') {
      const after = toks[jj + 1];
      const u =
        after && (BILLING.test(after.w) ? readUnit(toks, jj + 2, priced) : readUnit(toks, jj + 1, priced));
      if (!u || (u.period !== 'one-time' && !BILLING.test(after?.w ?? ''))) break;
      jj = BILLING.test(after?.w ?? '') ? jj + 2 : jj + 1;
    } else if (BILLING.test(toks[jj]?.w ?? '')) jj++;
    // "par personne et par jour", "per user and per month": a second unit joined by "and".
    // After "and", an article starts the next thing paid for, not a unit: "cent dix euros par mois et
    // le robot", "per month and the install".
    else if (
      k > 0 &&
      /^(?:and|et)$/u.test(toks[jj]?.w ?? '') &&
      /^(?:per|par|each|chaque|every)$/u.test(toks[jj + 1]?.w ?? '') &&
      readUnit(toks, jj + 1, priced)
    )
      jj++;
    const u = readUnit(toks, jj, priced, period !== null);
    if (!u) break;
    if (u.per && !per) {
      per = u.per;
      perText = u.perText ?? null;
    }
    if (u.period && !period) period = u.period;
    j = u.to;
    to = u.to;
  }
  return { per, perText, period, to };
}
