/**
 * The words around an amount that decide whether it is a price: money talk, price frames ("it's",
 * "we pay", "runs"), what may follow a framed amount, and what makes a number something else (a
 * time, a count, a loss). Part of the price reader (`pricing.ts`); each set says why it exists.
 */
import { namesCurrency } from './price-currency.js';
import { fold } from './price-tokens.js';
import type { TimeUnit } from './pricing.js';

export const ONE_TIME_BEFORE =
  /(?:one[- ]time|one[- ]off|(?:setup|set[- ]up|installation|onboarding|activation|registration|sign[- ]up|joining|enrollment|enrolment) (?:fee|cost|charge)|upfront|up front|frais d'(?:installation|inscription|adhesion|ouverture)|frais de (?:mise en (?:place|service)|dossier)|frais uniques?|paiement unique|(?:mise en place|installation|frais|montant|forfait) uniques? (?:de|d'))(?![\p{L}])[^.?!]{0,25}$/iu;
export const PERIOD_BEFORE: [RegExp, TimeUnit][] = [
  [/(?:monthly|month to month|mensuel(?:le)?s?|mensuellement)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'month'],
  // "Annually, about twenty-three hundred": the adverb as well as the adjective.
  [/(?:annual(?:ly)?|yearly|annuel(?:le)?s?|annuellement)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'year'],
  // "Daily, it's three forty-five", "weekly is nine ninety", "le tarif horaire est de…": the other
  // periods' adverbs and adjectives.
  [/(?:daily|quotidien(?:ne)?s?|journalier(?:e)?s?)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'day'],
  [/(?:weekly|hebdomadaire(?:s)?|hebdo)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'week'],
  [/(?:hourly|horaire(?:s)?)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'hour'],
  // "every year it's two ninety-five", "chaque mois c'est", "la facture du trimestre fait …": the
  // period said before the amount as a recurrence, or as the bill it is the total of.
  [
    /(?:(?:every|each) month|chaque mois|tous les mois|(?:bill|invoice|facture) (?:du|de|for the) mois)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu,
    'month',
  ],
  [/(?:(?:every|each) year|chaque ann[ée]e|tous les ans)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'year'],
  [
    /(?:quarterly|trimestriel(?:le)?s?|(?:every|each) quarter|chaque trimestre|(?:bill|invoice|facture) (?:du|de|for the) (?:quarter|trimestre))(?![\p{L}])[^.?!$€£\d]{0,20}$/iu,
    'quarter',
  ],
];

/** Words that make a passage speak of money, so that "twelve hundred a quarter" is a price. */
export const MONEY_CONTEXT =
  /(?<![\p{L}])(?:pay|paying|paid|cost|costs|costing|price|prices|pricing|priced|charge|charges|charged|fee|fees|rate|rates|budget|budgeted|quote|quoted|spend|spending|bill|bills|billed|invoice|subscription|plan|package|tier|license|licence|run you|runs you|comes to|comes out|investment|deposit|deposits|lease|leases|leased|leasing|rent|rents|rental|financing|financed|loyer|loyers|financement|payer|paie|paye|payons|payez|payes|payent|paient|payais|payait|payiez|coute|coutent|cout|couts|prix|tarif|tarifs|frais|facture|factures|abonnement|forfait|devis|soumission|revient|mensualite|investissement|honoraires|acompte|acomptes|expensive|pricey|cheap|cheaper|cheapest|afford|affordable|cher|chere|chers|couteux|abordable|how much (?:is|are|does|do|would|will|for|it|that|they|you|we|money)|combien (?:ca|pour|vous|coute|coutent|faut il payer)|c'est combien)(?![\p{L}])/iu;

/** Whether a text speaks of money (see MONEY_CONTEXT). */
export function speaksOfMoney(text: string): boolean {
  return MONEY_CONTEXT.test(fold(text));
}

/**
 * Whether a call speaks of money anywhere: money words (see MONEY_CONTEXT) or a currency named.
 * Amounts without a currency count as prices only in such calls, and a refusal at the end of one
 * refuses an offer (`outcome.ts`).
 */
export function callSpeaksOfMoney(sentences: readonly { text: string; norm: string }[]): boolean {
  return sentences.some((s) => speaksOfMoney(s.text) || namesCurrency(s.norm));
}

/** Words that, right before a number, make it something other than an amount. */
export const NOT_AMOUNT_BEFORE = new Set([
  'at',
  'vers',
  'since',
  'in',
  'en',
  'depuis',
  'room',
  'number',
  'numero',
  'extension',
  'page',
  'step',
  'etape',
  'version',
  'top',
  'suite',
  'route',
  'floor',
  'over',
  'under',
  'above',
  'below',
  'than',
]);
export const TIME_AFTER = new Set([
  'am',
  'pm',
  'h',
  "o'clock",
  'oclock',
  'heure',
  'heures',
  'minutes',
  'days',
  'jours',
  // "usually ten to twenty hours", "a three years term", "a fifty-two foot boat": a bare number
  // right before a plural period or a measure is a duration or a size ("an hour", "a foot" after an
  // amount are units, and a currency said keeps the amount a price).
  'hours',
  'weeks',
  'months',
  'years',
  'semaines',
  'ans',
  'foot',
  'feet',
  'inch',
  'inches',
  'miles',
]);
/**
 * Amounts of money that are not what something costs the buyer: losses, revenue, insured or loan
 * amounts, deductibles, refunds, grants and subsidies (words up to four words before the amount).
 */
export const NOT_A_PRICE_BEFORE = new Set([
  'lose',
  'lost',
  'losing',
  'loss',
  'losses',
  'revenue',
  'revenues',
  'sales',
  'salary',
  'salaries',
  'claims',
  'refund',
  'refunded',
  'deductible',
  'grant',
  'rebate',
  'subsidy',
  'worth',
  'perd',
  'perdu',
  'perdons',
  'perte',
  'pertes',
  'salaire',
  'salaires',
  'subvention',
  'prime',
  'franchise',
  'rembourse',
  'remboursement',
  'chiffre',
  // Money taken or owed to the prospect, not paid for anything: "eighteen thousand dollars of copper
  // stolen", "on s'est fait voler dix-huit mille euros de câbles", "unpaid invoices". ("stole" is
  // also a garment sold by the piece.)
  'stolen',
  'theft',
  'robbed',
  'unpaid',
  'voler',
  'vole',
  'voles',
  'impayes',
  "d'impayes",
]);
/** Nouns an amount qualifies ("a five hundred thousand dollar policy", "the twenty dollar difference"). */
export const NOT_A_PRICE_AFTER = new Set([
  'difference',
  'policy',
  'deductible',
  'coverage',
  'loan',
  'credit',
  'limit',
  'refund',
  'rebate',
  'grant',
  'bonus',
  'fine',
  'penalty',
  'claim',
  'claims',
  // "plus de quatre mille euros perdus", "huit mille euros d'impayés", "two grand in damage": a
  // loss named after the amount.
  'lost',
  'stolen',
  'unpaid',
  'wasted',
  'perdus',
  'perdues',
  'impayes',
  "d'impayes",
  'in',
  'of',
]);
/** Words that put a bare amount in a price frame: "it's two fifty", "we pay two eighty", "runs eleven to fourteen thousand". */
export const FRAME_BEFORE = new Set([
  'is',
  "it's",
  "that's",
  "they're",
  "there's",
  "drone's",
  // Speech-to-text drops the apostrophe: "thats two twenty nine", "its fifty five per device".
  'thats',
  'its',
  'theyre',
  'theres',
  'are',
  'was',
  'were',
  'be',
  'runs',
  'run',
  'costs',
  'cost',
  'pay',
  'paying',
  'paid',
  'charge',
  'charges',
  'charged',
  'charging',
  // "we budgeted like a thousand", "we spend about three grand", "they said two twenty", "instead of
  // the usual seventy-nine": verbs of spending and quoting, and the regular price.
  'budgeted',
  'spend',
  'spent',
  'spending',
  'said',
  'told',
  'usual',
  'regular',
  'normally',
  'usually',
  // "a flat forty-five hundred": a flat amount is a fee.
  'flat',
  'bills',
  'billed',
  'quoted',
  // "the last guy wanted thirty-eight thousand for a tear-off": the price someone asked.
  'wanted',
  'wants',
  // "I'd guess somewhere between twelve and eighteen hundred": an estimate given; "I was thinking
  // like five hundred": a budget in mind.
  'guess',
  'estimate',
  'thinking',
  'thinkin',
  // "Our plans go from twenty-nine to ninety-nine a month", "kitchens that size land between forty
  // and fifty-five thousand": verbs that place a price in a span.
  'go',
  'goes',
  'range',
  'ranges',
  'land',
  'lands',
  'for',
  'est',
  "c'est",
  'coute',
  'paie',
  'paye',
  'payons',
  'payez',
  'facture',
  'facturons',
  'sont',
  'etait',
  'pour',
  // French frames of the same kinds as the English ones above: the copula with its elided pronoun
  // ("c'était trente-deux mille"), the conditional and future ("ça serait", "ce sera"), quoting
  // ("il m'a dit neuf cent nonante"), paying and charging ("on avait payé", "ils nous ont chargé"),
  // and "ça revient à", "ça fait", "ça tourne entre".
  "c'etait",
  'cetait',
  'serait',
  'sera',
  'dit',
  'paye',
  'payes',
  'charge',
  'chargent',
  'revient',
  'fait',
  'tourne',
]);
export const PERSON_IS = new Set(["he's", "she's", "who's", "everybody's", "everyone's"]);

/** Words that may stand between a frame and its amount ("it's about", "we pay like", "quoted me"). */
export const APPROX = new Set([
  'about',
  'around',
  'like',
  'roughly',
  'only',
  'just',
  'maybe',
  'approximately',
  'me',
  'us',
  'you',
  'environ',
  'a',
  'peu',
  'pres',
  // Quebec French "genre" is the English filler "like" ("genre mille cent").
  'genre',
  'seulement',
  'que',
  'looking',
  'at',
  'something',
  'right',
  'now',
  'currently',
  // Fillers of speech ("leases for about um twenty eight hundred", "c'est euh trois cents").
  'um',
  'uh',
  'euh',
  'ben',
  // "it's another hundred and twenty five", "an extra forty": an added charge.
  'another',
  'extra',
  'additional',
  // "run between eight and twelve thousand", "go from twenty-nine to ninety-nine".
  'between',
  'from',
  'entre',
  // Adverbs of estimate between a frame and its amount ("runs somewhere between fourteen and
  // eighteen thousand", "it's probably twelve hundred", "on est habituellement entre vingt-deux et
  // vingt-huit mille").
  'somewhere',
  'anywhere',
  'probably',
  'typically',
  'generally',
  'habituellement',
  'generalement',
  'normalement',
  'typiquement',
  'probablement',
]);

/**
 * Nouns of a charge that, a few words after an amount, make it what the charge costs ("a two hundred
 * fifty dollar call-out fee", "a twenty-five hundred deposit", "trois cents euros d'acompte").
 */
export const FEE_NOUNS = new Set([
  'fee',
  'fees',
  'deposit',
  'retainer',
  'surcharge',
  'premium',
  'charge',
  'down',
  'frais',
  'acompte',
  'depot',
  'caution',
  'supplement',
  // "a nine hundred dollar setup", "a two hundred dollar installation": what the charge pays for.
  'setup',
  'installation',
  'activation',
  'onboarding',
]);

/**
 * Nouns that, followed by "of" / "de", frame the amount after them as what something costs ("a
 * deposit of nine hundred", "a setup fee of twelve hundred", "a budget of five thousand", "in the
 * range of thirteen hundred to fifteen hundred", "un acompte de trois cents"). "A total of" is not
 * among them: it counts as often as it prices.
 */
export const CHARGE_OF = new Set([
  ...FEE_NOUNS,
  'budget',
  'quote',
  'estimate',
  'price',
  'bill',
  'invoice',
  'range',
  'neighborhood',
  'ballpark',
  'devis',
  'facture',
  'prix',
  'ordre',
]);

/**
 * Hedges right before an amount: quoted amounts are hedged ("around twenty-two thousand", "about
 * three twenty"); a hedged count or duration is followed by its noun or time word, which the reader
 * checks on its own (the amount must end its phrase, and times are excluded).
 */
export const HEDGES = new Set(['about', 'around', 'roughly', 'approximately', 'environ', 'autour']);

/** Words that join the two ends of a range; Quebec French says "pis" for "et" ("entre neuf pis treize mille"). */
export const RANGE_JOINERS = new Set(['to', 'or', 'a', 'ou', 'and', 'et', 'pis']);

/**
 * Words said of a spending threshold before "over" / "au-dessus de": "free shipping over two hundred
 * dollars", "he signs anything over a thousand dollars", "les devis au-dessus de cinq cents euros".
 * The amount is a limit, not what something costs.
 */
export const THRESHOLD_OF = new Set([
  'free',
  'anything',
  'everything',
  'orders',
  'order',
  'purchases',
  'spend',
  'sign',
  'signs',
  'approve',
  'approves',
  'gratuit',
  'gratuite',
  'offert',
  'offerte',
  'tout',
  'devis',
  'commande',
  'commandes',
  'achat',
  'achats',
  'investissement',
  'depense',
  'depenses',
]);

/** Articles that read as the number one but name no amount ("a deductible", "une franchise"). */
export const ARTICLES = new Set(['a', 'one', 'un', 'une']);
