/**
 * The prices of a call, read sentence by sentence by `extractSignals` (`signals.ts`): the currency
 * the call speaks in, whether a sentence answers a "how many" question (its numbers are counts),
 * how a price said again is merged with the one already found, and the unit and period a bare
 * amount takes from a price it is compared with (`comparedWith`, ADR 050).
 */
import type { EngineLanguage } from '../language.js';
import { isNumberWord } from '../numbers.js';
import { CURRENCY_WORDS, sterlingMarks } from './price-currency.js';
import type { Currency, Price } from './pricing.js';
import type { CallSentence } from './signals.js';

/**
 * A time of day or a day named: "Saturday morning", "lunch", "second shift", "demain matin". Written
 * from both languages' ways of setting a time, not from a call.
 */
const TIME_OF_DAY =
  /(?<![\p{L}])(?:morning|afternoon|evening|tonight|noon|lunch|breakfast|dinner|o'?clock|a\.?m|p\.?m|shift|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|matin|apres-midi|soir|midi|demain|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?(?![\p{L}])/u;

/**
 * Whether a sentence sets a time rather than a price: it or the speaker's sentence before names a
 * time of day or a day, and it speaks of no money itself ("Saturday morning would work. Around ten thirty?").
 */
export function setsATime(s: CallSentence, sentences: readonly CallSentence[], money: boolean): boolean {
  if (money) return false;
  const prev = sentences[s.index - 1];
  return (
    TIME_OF_DAY.test(s.norm) || (!!prev && prev.turnIndex === s.turnIndex && TIME_OF_DAY.test(prev.norm))
  );
}

const HOW_MANY = /(?<![\p{L}])(?:how many|how often|combien de (?!temps)|combien d')/u;

/** Whether `s` opens the answer to a "how many" question: its numbers are counts. */
export function answersHowMany(s: CallSentence, sentences: readonly CallSentence[]): boolean {
  const prev = sentences[s.index - 1];
  return !!prev && prev.question && prev.turnIndex === s.turnIndex - 1 && HOW_MANY.test(prev.norm);
}

/**
 * Currency signs and the price reader's currency words (`CURRENCY_WORDS`), except the pound and the
 * "livre", which weigh as often as they pay: sterling is counted by `sterlingMarks`.
 */
const CURRENCY_SAID = new RegExp(
  String.raw`[$€]|(?<![\p{L}])(?:${Object.entries(CURRENCY_WORDS)
    .filter(([, currency]) => currency !== 'GBP')
    .map(([word]) => word)
    .join('|')})(?![\p{L}])`,
  'gu',
);

/** Whether the word before `at` in a normalized text is a number, in digits or in words. */
function afterNumber(norm: string, at: number, language: EngineLanguage): boolean {
  const before = /([\p{L}\p{N}'-]+)\s*$/u.exec(norm.slice(0, at))?.[1] ?? '';
  return /\p{N}$/u.test(before) || before.split('-').every((w) => w !== '' && isNumberWord(w, language));
}

/**
 * A French call set in Quebec, where prices are in dollars: the province's own words (the sales
 * taxes TPS and TVQ, "soumission" for a quote, "piasse", "cenne", "dépanneur", "cellulaire", the
 * spoken "pantoute", "icitte", "faque", "tsé") or one of its cities and regions. Written from
 * general knowledge of Quebec French and geography, not from a call.
 */
const QUEBEC =
  /(?<![\p{L}])(?:tps|tvq|soumissions?|piasses?|piastres?|cennes?|depanneur|cellulaire|pantoute|icitte|faque|tse|quebec|montreal|laval|gatineau|longueuil|sherbrooke|saguenay|chicoutimi|levis|trois-rivieres|terrebonne|rimouski|drummondville|granby|saint-jerome|beauce|estrie|mauricie|outaouais|charlevoix|gaspesie|abitibi|laurentides|lanaudiere|rive-sud|rive-nord)(?![\p{L}])/u;

/**
 * An English call set in the United Kingdom (prices in pounds) or in Ireland (in euros): the
 * countries' own institutions and larger cities or counties. Many British place names are also
 * American towns or people's names ("Devon", "Bradford"), so a British place counts only in a call
 * that says "pound" somewhere (which alone is as often a weight). Written from general knowledge of
 * both countries, not from a call.
 */
const UNITED_KINGDOM =
  /(?<![\p{L}])(?:hmrc|nhs|ofsted|gcses?|council tax|postcode|london|manchester|birmingham|leeds|liverpool|sheffield|bristol|newcastle|nottingham|leicester|coventry|bradford|glasgow|edinburgh|aberdeen|cardiff|swansea|belfast|surrey|kent|essex|sussex|yorkshire|lancashire|devon|cornwall|norfolk|suffolk|hampshire|brighton|southampton)(?![\p{L}])/u;
const POUND_SAID = /(?<![\p{L}])pounds?(?![\p{L}])/u;
const IRELAND = /(?<![\p{L}])(?:dublin|galway|limerick|kilkenny|waterford|wexford|sligo|donegal)(?![\p{L}])/u;

/**
 * The currency the call speaks in: the one named most often, else the country's (pounds in the
 * United Kingdom, euros in Ireland and in French calls outside Quebec, dollars elsewhere).
 */
export function callCurrency(sentences: readonly CallSentence[], language: EngineLanguage): Currency {
  const counts: Record<Currency, number> = { USD: 0, CAD: 0, EUR: 0, GBP: 0, CHF: 0 };
  for (const s of sentences) {
    for (const m of s.norm.matchAll(CURRENCY_SAID)) {
      const said = m[0];
      // "Je vais être franc avec toi": the adjective (frank), not the currency, unless a number says it.
      if (said === 'franc' && !afterNumber(s.norm, m.index, language)) continue;
      const currency = said === '$' ? 'USD' : said === '€' ? 'EUR' : CURRENCY_WORDS[said];
      if (currency) counts[currency]++;
    }
    // "Pound" alone is as often a weight: the call is in sterling where it says so (`sterlingMarks`).
    counts.GBP += sterlingMarks(s.norm);
  }
  const best = (Object.entries(counts) as [Currency, number][]).sort((a, b) => b[1] - a[1])[0];
  if (best && best[1] > 0) return best[0];
  const said = (place: RegExp) => sentences.some((s) => place.test(s.norm));
  if (language === 'fr') return said(QUEBEC) ? 'USD' : 'EUR';
  if (said(UNITED_KINGDOM) && said(POUND_SAID)) return 'GBP';
  return said(IRELAND) ? 'EUR' : 'USD';
}

/**
 * Adds a price unless already known. The same amount said again with fewer details ("so, $299") is
 * the same price; said first bare and later with its period, the detailed form replaces it.
 */
export function addPrice(prices: Price[], price: Price): void {
  const same = (p: Price) =>
    p.amount === price.amount && p.amountMax === price.amountMax && p.currency === price.currency;
  // Already known, or a less detailed form of a known price ("thirty-five bucks a head" after
  // "$35 per user per month"): nothing new.
  if (
    prices.some(
      (p) =>
        same(p) &&
        (price.per === null || price.per === p.per) &&
        (price.period === null || price.period === p.period),
    )
  )
    return;
  // A more detailed form of a known bare price replaces it ("$299", then "$299 per month").
  const bare = prices.findIndex(
    (p) =>
      same(p) && (p.per === null || p.per === price.per) && (p.period === null || p.period === price.period),
  );
  if (bare >= 0) {
    prices[bare] = price;
    return;
  }
  prices.push(price);
}

/**
 * Words that set a bare amount beside a price just said, as the same kind of price for another time
 * or party: "we were paying eight forty a month and now it's eleven twenty", "seventy-five an hour;
 * for non-members it's ninety-five", "twenty-nine ninety-nine per seat a month, and the standard rate
 * is thirty-nine ninety-nine". Written from how both languages compare prices, not from a call.
 * What the buyer pays today is compared with a price just quoted: "we pay", "on paie", "my supplier's
 * at", "it runs us", "currently"; so is a price of another time: "every year", "last year", "this time".
 */
const COMPARES = {
  en: /(?<![\p{L}'])(?:(?<!(?:right|for|just) )now|was|were|used to|standard|regular|normally|usually|list price|full price|instead|otherwise|whereas|while|compared|versus|vs|for (?:non[- ]?)?(?:members?|everyone else|others?|new customers?|existing customers?)|went up to|goes up to|down to|(?:we|i|they)(?:'re| are|'m| am|'ve been| have been)? (?:pay|paying|pays)|(?:my|our|their|the other) [\p{L}]+(?:'s| is| are|'re) at|(?:runs|costs|charges) (?:us|me)|currently|every (?:year|month|week|time)|last (?:year|month|week|time)|this (?:time|year))(?![\p{L}'])/u,
  // "c'était": the elided pronoun may stand before the word.
  fr: /(?<![\p{L}])(?:(?<!(?:pour l'instant|en ce moment) )maintenant|avant|auparavant|etait|normalement|habituellement|d'habitude|tarif (?:standard|normal|regulier|public)|prix (?:public|normal|catalogue)|au lieu de|sinon|alors que|tandis que|pour les (?:non[- ]?)?(?:membres|autres|nouveaux clients)|passe a|passer a|monte a|(?:on|je|nous|ils) (?:paie|paye|payons|payent|paient|payait|payais)|actuellement|chaque (?:annee|mois|semaine|fois)|l'an dernier|l'annee derniere|le mois dernier|cette fois)(?![\p{L}'])/u,
} as const;

/** An amount said with its period or unit, and where: the anchor a bare amount beside it may share. */
export type PriceSaid = { price: Price; sentence: CallSentence; at: number };

/**
 * The bare amount `price` (no unit, no period) said at `at` in sentence `s` takes the unit and period
 * of `before`, the last price said with them, when it stands beside it as a compared price: in the
 * same sentence or the one right after, at most `NEAR_WORDS` words later, with a comparing word
 * between them (`COMPARES`). One-time charges ("plus five hundred for the setup") never compare:
 * they have no comparing word and keep no period. Returns the price unchanged otherwise.
 */
export function comparedWith(
  price: Price,
  s: CallSentence,
  at: number,
  before: PriceSaid | undefined,
  language: EngineLanguage,
): Price {
  if (!before || price.per !== null || price.period !== null) return price;
  if (before.price.period === 'one-time' || price.currency !== before.price.currency) return price;
  const between =
    before.sentence.index === s.index
      ? s.norm.slice(before.at, at)
      : before.sentence.index === s.index - 1
        ? `${before.sentence.norm.slice(before.at)} ${s.norm.slice(0, at)}`
        : null;
  if (between === null || between.split(/\s+/u).filter(Boolean).length > NEAR_WORDS) return price;
  if (!COMPARES[language].test(between)) return price;
  // Compared prices are of one order ("eight forty" then "eleven twenty"); a total or a budget beside a
  // rate is not the rate for someone else.
  const near = (a: number) => a >= before.price.amount / RATIO && a <= before.price.amount * RATIO;
  if (!near(price.amount) && !(price.alternative !== undefined && near(price.alternative))) return price;
  const out: Price = { ...price, per: before.price.per, period: before.price.period };
  // Of its two readings ("eleven twenty": 1,120 or 11.20), the one of the compared price's order.
  if (price.alternative !== undefined && near(price.alternative) !== near(price.amount)) {
    if (near(price.alternative)) out.amount = price.alternative;
    delete out.alternative;
  }
  if (before.price.perText) out.perText = before.price.perText;
  return out;
}

/** At most this many times more or less than the price it is compared with. */
const RATIO = 4;

/** How far a compared amount may stand from the price it is compared with, in words. */
const NEAR_WORDS = 16;
