import { describe, expect, it } from 'vitest';
import { findPrices, formatPrice } from './pricing.js';

const en = (t: string) => findPrices(t).map((p) => formatPrice(p, 'en'));
const fr = (t: string) => findPrices(t).map((p) => formatPrice(p, 'fr'));

describe('price parser', () => {
  it.each([
    ["It's $299 per month.", ['$299 per month']],
    ['Only $299/mo after the trial', ['$299 per month']],
    ['$49 per user per month', ['$49 per user per month']],
    ['$49 a seat, billed monthly', ['$49 per seat']],
    ['plus a one-time setup fee of $5,000', ['$5,000 one-time']],
    ['$5,000 one-time', ['$5,000 one-time']],
    ['about 2k dollars a year', ['$2,000 per year']],
    ['2.5K USD annually', ['$2,500 per year']],
    ['50 bucks a month', ['$50 per month']],
    ['1,200 euros per year', ['€1,200 per year']],
    ['CA$99 per location per month', ['CA$99 per location per month']],
    ['the annual plan is $2,990', ['$2,990 per year']],
    ['$49.99 monthly', ['$49.99 per month']],
    ['anywhere from $200 to $300 a month', ['$200 per month', '$300 per month']],
    ['£40 a week', ['£40 per week']],
  ])('%s', (text, expected) => {
    expect(en(text)).toEqual(expected);
  });

  it.each([
    ['Ça fait 1 200 € par mois.', ['1 200 € par mois']],
    ['49 $ par utilisateur par mois', ['49 $ par utilisateur par mois']],
    ['99 € HT par mois', ['99 € par mois']],
    ['2 000 $ par année', ['2 000 $ par an']],
    ["des frais d'installation de 500 €", ['500 € paiement unique']],
    ['49,99 € mensuels', ['49,99 € par mois']],
    ['1.500 € annuels', ['1 500 € par an']],
    ['99 dollars canadiens par mois', ['99 $ CA par mois']],
  ])('%s', (text, expected) => {
    expect(fr(text)).toEqual(expected);
  });

  it('ignores numbers without a currency', () => {
    expect(en('We get 300 calls a month and 20% of them are missed.')).toEqual([]);
  });
});
