/**
 * Prices written back for people and compared by key: one canonical form per language ("$299 per
 * month", "1 200 € par mois"), the speaker's words after it when the amount was said in words, and a
 * key of amount, currency, unit and period for telling the same price said twice.
 */
import type { EngineLanguage } from '../language.js';
import type { Price, TimeUnit } from './pricing.js';

function formatAmount(amount: number, language: EngineLanguage): string {
  // Cents as usual; a price under a cent ("0.008 per page") keeps the digits it needs.
  const fixed = Number.isInteger(amount)
    ? String(amount)
    : amount < 0.01
      ? String(Number(amount.toFixed(4)))
      : amount.toFixed(2);
  const [int = '', dec] = fixed.split('.');
  // English groups thousands with commas ("5,000"), French with spaces ("1 200").
  const grouped = int.length > 3 ? int.replace(/\B(?=(\d{3})+$)/gu, language === 'fr' ? ' ' : ',') : int;
  if (dec === undefined) return grouped;
  return language === 'fr' ? `${grouped},${dec}` : `${grouped}.${dec}`;
}

const EN_PER: Record<string, string> = {
  user: 'user',
  seat: 'seat',
  location: 'location',
  license: 'license',
  device: 'device',
  vehicle: 'vehicle',
  contact: 'contact',
  lead: 'lead',
  call: 'call',
  minute: 'minute',
  message: 'message',
  visit: 'visit',
  job: 'job',
  unit: 'unit',
  piece: 'piece',
  'square foot': 'square foot',
};
const FR_PER: Record<string, string> = {
  user: 'utilisateur',
  seat: 'poste',
  location: 'établissement',
  license: 'licence',
  device: 'appareil',
  vehicle: 'véhicule',
  contact: 'contact',
  lead: 'prospect',
  call: 'appel',
  minute: 'minute',
  message: 'message',
  visit: 'visite',
  job: 'intervention',
  unit: 'unité',
  piece: 'pièce',
  'square foot': 'pied carré',
  pound: 'livre',
  kilogram: 'kilo',
  ton: 'tonne',
  liter: 'litre',
};
const EN_PERIOD: Record<TimeUnit, string> = {
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};
const FR_PERIOD: Record<TimeUnit, string> = {
  hour: 'heure',
  day: 'jour',
  week: 'semaine',
  month: 'mois',
  quarter: 'trimestre',
  year: 'an',
};

/** "$299 per month", "$350–$500", "CA$49 per user per month", "$5,000 one-time", "1 200 € par mois". */
export function formatPrice(p: Price, language: EngineLanguage): string {
  const money = (amount: number) => {
    const a = formatAmount(amount, language);
    if (language === 'fr')
      return `${a} ${{ USD: '$', CAD: '$ CA', EUR: '€', GBP: '£', CHF: 'CHF' }[p.currency]}`;
    return `${{ USD: '$', CAD: 'CA$', EUR: '€', GBP: '£', CHF: 'CHF ' }[p.currency]}${a}`;
  };
  const head = p.amountMax !== undefined ? `${money(p.amount)}–${money(p.amountMax)}` : money(p.amount);
  const parts = [head];
  if (p.per) {
    const unit = (language === 'fr' ? FR_PER[p.per] : EN_PER[p.per]) ?? p.perText ?? p.per;
    parts.push(language === 'fr' ? `par ${unit}` : `per ${unit}`);
  }
  if (p.period === 'one-time') parts.push(language === 'fr' ? 'paiement unique' : 'one-time');
  else if (p.period)
    parts.push(language === 'fr' ? `par ${FR_PERIOD[p.period]}` : `per ${EN_PERIOD[p.period]}`);
  return parts.join(' ');
}

/**
 * The price as shown to a user: the canonical form, then, when the amount was said in words, the
 * speaker's words in quotes ("$299 per month (“two hundred ninety nine dollars per month”)").
 */
export function displayPrice(p: Price, language: EngineLanguage): string {
  const canonical = formatPrice(p, language);
  if (!p.spoken || /\d/u.test(p.spoken)) return canonical;
  return language === 'fr' ? `${canonical} (« ${p.spoken} »)` : `${canonical} (“${p.spoken}”)`;
}

/** A comparable key: amount (and upper bound), currency, unit and period ("299|USD|-|month"). */
export function priceKey(p: Price): string {
  const amount = p.amountMax !== undefined ? `${p.amount}-${p.amountMax}` : String(p.amount);
  return `${amount}|${p.currency}|${p.per ?? '-'}|${p.period ?? '-'}`;
}
