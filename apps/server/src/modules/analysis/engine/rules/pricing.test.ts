import { describe, expect, it } from 'vitest';
import {
  displayPrice,
  findPrices,
  formatPrice,
  pickReadings,
  speaksOfMoney,
  type FindPricesOptions,
} from './pricing.js';

/** The prices read in a text, as shown; `opts` as `findPrices` takes them. */
const en = (t: string, opts?: FindPricesOptions) =>
  findPrices(t, 'en', opts).map((p) => formatPrice(p, 'en'));
const fr = (t: string, opts?: FindPricesOptions) =>
  findPrices(t, 'fr', opts).map((p) => formatPrice(p, 'fr'));

describe('price parser: digits', () => {
  it.each([
    ["It's $299 per month.", ['$299 per month']],
    ['Only $299/mo after the trial', ['$299 per month']],
    ['$49 per user per month', ['$49 per user per month']],
    ['$49 a seat, billed monthly', ['$49 per seat per month']],
    ['plus a one-time setup fee of $5,000', ['$5,000 one-time']],
    ['$5,000 one-time', ['$5,000 one-time']],
    ['about 2k dollars a year', ['$2,000 per year']],
    ['2.5K USD annually', ['$2,500 per year']],
    ['50 bucks a month', ['$50 per month']],
    ['1,200 euros per year', ['€1,200 per year']],
    ['CA$99 per location per month', ['CA$99 per location per month']],
    ['the annual plan is $2,990', ['$2,990 per year']],
    ['$49.99 monthly', ['$49.99 per month']],
    ['anywhere from $200 to $300 a month', ['$200–$300 per month']],
    ['somewhere around $200 to 300', ['$200–$300']],
    ['£40 a week', ['£40 per week']],
    ['$15 per truck per month', ['$15 per vehicle per month']],
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
});

describe('price parser: words', () => {
  it.each([
    ['It is two hundred ninety nine dollars per month', ['$299 per month']],
    ['three hundred and fifty to five hundred dollars', ['$350–$500']],
    ['between three and four hundred dollars a month', ['$300–$400 per month']],
    ["we're paying twelve hundred a quarter for it", ['$1,200 per quarter']],
    ['the contract costs four thousand six hundred a year', ['$4,600 per year']],
    ['the plan is two ninety nine a month', ['$299 per month']],
    ['nine dollars per seat per month', ['$9 per seat per month']],
    ['a hundred and twenty bucks', ['$120']],
    ['one point five million dollars', ['$1,500,000']],
    ['forty-nine dollars a month', ['$49 per month']],
  ])('%s', (text, expected) => {
    expect(en(text)).toEqual(expected);
  });

  it.each([
    ['Ça revient à soixante-quinze dollars par mois.', ['75 $ par mois']],
    ['On parle de mille deux cents euros.', ['1 200 €']],
    ['quatre-vingt-dix-neuf euros par mois', ['99 € par mois']],
    ['Le forfait coûte quatre-vingt-dix-neuf par mois', ['99 € par mois']],
    ['entre deux cents et trois cents euros', ['200 €–300 €']],
    ['vingt-cinq dollars par utilisateur par mois', ['25 $ par utilisateur par mois']],
  ])('%s', (text, expected) => {
    expect(fr(text)).toEqual(expected);
  });
});

describe('price parser: numbers that are not prices', () => {
  it.each([
    'We get 300 calls a month and 20% of them are missed.',
    'we get about three hundred calls a month',
    'You can reach me at five five five one two one two.',
    'We opened in 2019 and moved in twenty twenty two.',
    "Let's meet Tuesday at two thirty.",
    'Can we do 3 pm on the 14th?',
    'about twenty percent of our budget goes there',
    'We have twelve technicians and four trucks.',
    'We pay for it every month, it has been two years.',
    'Nous recevons trois cents appels par mois.',
    'Rappelez-moi à 14 h, vingt pour cent de nos clients partent.',
    'Mon numéro est le cinq un quatre, cinq cinq cinq.',
  ])('%s', (text) => {
    expect(findPrices(text, text.match(/[éà]|nous|mon /iu) ? 'fr' : 'en')).toEqual([]);
  });
});

describe('price display', () => {
  it('shows the canonical form and, when it differs, the words the speaker used', () => {
    const [spoken] = findPrices('It is two hundred ninety nine dollars per month', 'en');
    expect(spoken && displayPrice(spoken, 'en')).toBe(
      '$299 per month (“two hundred ninety nine dollars per month”)',
    );
    const [digits] = findPrices('It is $299 per month', 'en');
    expect(digits && displayPrice(digits, 'en')).toBe('$299 per month');
    const [fr] = findPrices('soixante-quinze dollars par mois', 'fr');
    expect(fr && displayPrice(fr, 'fr')).toBe('75 $ par mois (« soixante-quinze dollars par mois »)');
  });

  it('keeps amount, currency, unit and period apart', () => {
    expect(findPrices('nine dollars per seat per month', 'en')).toEqual([
      { amount: 9, currency: 'USD', per: 'seat', period: 'month', spoken: 'nine dollars per seat per month' },
    ]);
  });
});

describe('price parser: Swiss francs', () => {
  it.each([
    ['Le forfait est à mille deux cent cinquante francs suisses.', ['1 250 CHF']],
    ['On facture 95 CHF par personne et par jour.', ['95 CHF par utilisateur par jour']],
    ['La numérisation revient à 0,008 CHF la page.', ['0,008 CHF par page']],
  ])('%s', (text, expected) => {
    expect(fr(text)).toEqual(expected);
  });

  it('reads "Swiss francs" in English', () => {
    expect(en('The retainer is two thousand Swiss francs a month.')).toEqual(['CHF 2,000 per month']);
  });
});

describe('price parser: frames, weights and ages', () => {
  it.each([
    // Outside a call in sterling, a pound is a weight.
    ['Green beans run thirteen fifty a pound.', ['$13.50 per pound']],
    ["It's eleven dollars a pound for the Colombian.", ['$11 per pound']],
    ['We quoted you fifty pounds a month, sterling.', ['£50 per month']],
    // A verb that places the price in a span, and "between" / "from" before the amount.
    ['Our plans go from twenty-nine to ninety-nine a month.', ['$29–$99 per month']],
    ['Channel letters usually run between eight and twelve thousand installed.', ['$8,000–$12,000']],
    ['They quoted thirty-eight thousand without the wall, and it felt high.', ['$38,000']],
  ])('%s', (text, expected) => {
    expect(findPrices(text, 'en', { callMoney: true }).map((p) => formatPrice(p, 'en'))).toEqual(expected);
  });

  it('reads a number after "she\'s" as an age, not a price', () => {
    expect(findPrices("Doris keeps the books, and she's seventy-eight.", 'en', { callMoney: true })).toEqual(
      [],
    );
  });
});

describe('price parser: hedges, charges and pounds per period', () => {
  it.each([
    // A hedged amount that ends its phrase, in a call about money.
    ['The full rebuild comes in around thirty-one thousand.', ['$31,000']],
    // A charge's noun after the amount.
    ["There's a three hundred dollar cancellation fee.", ['$300']],
    ['We ask for a fifteen hundred retainer.', ['$1,500']],
    // Pounds paid per period are sterling.
    ['The lite tier is ninety pounds a month.', ['£90 per month']],
    // The charge's noun a few words on, past a hyphenated compound.
    ['You pay a seventy-five dollar same-day delivery fee.', ['$75']],
    ['It comes with a four hundred dollar installation.', ['$400']],
    // Units after the charge's noun are the amount's.
    ['There is a sixty dollar travel charge per visit.', ['$60 per visit']],
    // "looking at" frames an amount, a range too.
    ["For a job that size you're looking at thirteen hundred to fifteen hundred.", ['$1,300–$1,500']],
    // A price said before in the same text makes a later amount per unit a price.
    [
      'Setup is forty-two hundred one time, then eighty-five per user per month.',
      ['$4,200 one-time', '$85 per user per month'],
    ],
    // The span paid for: "for the day", "for the whole season".
    ['The tent is four hundred dollars for the day.', ['$400 per day']],
    ['Snow clearing runs nine thousand for the whole season.', ['$9,000 per season']],
    ['We paid five hundred for the years of service.', ['$500']],
    // A charge "of" an amount frames it.
    ['We would need a retainer of twenty-two hundred before we start.', ['$2,200']],
    ['Most owners are in the range of nine hundred to fourteen hundred for that.', ['$900–$1,400']],
  ])('%s', (text, expected) => {
    expect(findPrices(text, 'en', { callMoney: true }).map((p) => formatPrice(p, 'en'))).toEqual(expected);
  });

  it('keeps a hedged count out: its noun follows', () => {
    expect(findPrices('We ship around four hundred pallets.', 'en', { callMoney: true })).toEqual([]);
  });

  it('hears money in every form of "payer"', () => {
    expect(speaksOfMoney('Qu’est-ce que vous payez présentement ?')).toBe(true);
    expect(speaksOfMoney('Ils paient leur logiciel à l’année.')).toBe(true);
    expect(speaksOfMoney('Il vient d’un autre pays.')).toBe(false);
  });

  it('reads a season after an article as when, not what per; with "par" it is a unit', () => {
    expect(fr("On paie à peu près 180 $ par mois l'été.")).toEqual(['180 $ par mois']);
    expect(fr('Ça revient à 90 € par semaine le printemps.')).toEqual(['90 € par semaine']);
    expect(fr('Le déneigement, c’est 450 $ par hiver.')).toEqual(['450 $ par hiver']);
  });

  it('reads an amount counted per a unit and per a period as a rate wherever the call speaks of money', () => {
    const rate = 'Most gyms around here go with two forty a locker per month.';
    expect(findPrices(rate, 'en', { callMoney: true }).map((p) => formatPrice(p, 'en'))).toEqual([
      '$240 per locker per month',
    ]);
    // Without money anywhere in the call, it stays unread.
    expect(findPrices(rate, 'en', { callMoney: false })).toEqual([]);
  });

  it('reads an amount "at" a rate per hour wherever the call speaks of money, and keeps clock times out', () => {
    const rate = 'The van is a three-hour minimum at one thirty-five an hour.';
    expect(en(rate, { callMoney: true })).toEqual(['$135 per hour']);
    expect(findPrices(rate, 'en', { callMoney: false })).toEqual([]);
    expect(findPrices('The crew gets there at two fifteen.', 'en', { callMoney: true })).toEqual([]);
  });

  it('reads the price after a deductible named by its own amount, and still keeps the deductible out', () => {
    expect(
      en('The gold plan with a five hundred dollar deductible works out to forty-two dollars a month.'),
    ).toEqual(['$42 per month']);
    expect(en('Your deductible is five hundred dollars.')).toEqual([]);
    expect(fr('Avec une franchise de mille euros, vous êtes couvert.')).toEqual([]);
  });

  it('keeps a spending threshold out: free delivery over, anything over, les devis au-dessus de', () => {
    expect(
      en('The service is sixty dollars a month, and delivery is free over three hundred dollars.'),
    ).toEqual(['$60 per month']);
    expect(en('My partner signs off on anything over five thousand dollars.')).toEqual([]);
    expect(fr('Le conseil valide les devis au-dessus de deux mille euros.')).toEqual([]);
    // A price "over" something is still a price.
    expect(en('It comes to a little over four hundred dollars.')).toEqual(['$400']);
  });

  it('reads a bare amount as a clock time where the passage sets a time', () => {
    const at = (t: string, clockContext: boolean) =>
      en(t, { moneyContext: true, callMoney: true, clockContext });
    expect(at('Around ten thirty?', true)).toEqual([]);
    expect(at('Could you do like around eleven?', true)).toEqual([]);
    // Said with a currency, or per a period, it is a price whatever the time.
    expect(at('Around ten thirty dollars?', true)).toEqual(['$10.30']);
    expect(at("It's eleven a month.", true)).toEqual(['$11 per month']);
    expect(at('Around ten thirty?', false)).toEqual(['$10.30']);
  });

  it('reads thousands then hundreds the short way, as vehicles and equipment are priced', () => {
    const read = (t: string, callMoney = false) => en(t, { callMoney });
    expect(read("The crew cab's listed at thirty-four nine.")).toEqual(['$34,900']);
    expect(read("With the bigger motor it's twenty-seven five.")).toEqual(['$27,500']);
    expect(read('Sticker says twenty-one nine ninety-five.', true)).toEqual(['$21,995']);
    expect(read('The commercial ovens are twelve five per oven, installed.', true)).toEqual([
      '$12,500 per oven',
    ]);
    expect(read('Most kitchens run between thirteen five and sixteen thousand.', true)).toEqual([
      '$13,500–$16,000',
    ]);
    // Not a price: the hours of a service, and the form where the call never speaks of money and
    // nothing frames it.
    expect(read('We answer the phones twenty four seven.', true)).toEqual([]);
    expect(read('Row thirty-four nine was empty.')).toEqual([]);
  });

  it('reads French bare amounts in the frames and phrase endings French speakers use', () => {
    const said = (t: string) => fr(t, { moneyContext: true });
    expect(said('Le voisin m’a dit sept cent quarante, sans se déplacer.')).toEqual(['740 €']);
    expect(said('C’était dix-neuf mille tout compris.')).toEqual(['19 000 €']);
    expect(said('Ça serait autour de six cent trente installé.')).toEqual(['630 €']);
    expect(said('On avait payé deux mille quatre cents au plombier.')).toEqual(['2 400 €']);
    expect(said('Ils nous ont chargé genre mille deux cents, pas plus.')).toEqual(['1 200 €']);
    expect(said('Le nettoyage pis la vidange, c’est cent quarante-cinq chaque.')).toEqual(['145 €']);
    expect(said('Pour une cuisine de même, ça tourne entre sept pis dix mille.')).toEqual([
      '7 000 €–10 000 €',
    ]);
    // A count stays a count: no frame before it.
    expect(said('On a quarante-deux chambres au total.')).toEqual([]);
  });

  it('reads the price another seller asked, a quote named with "the", and an amount closed by "just"', () => {
    const said = (t: string) => en(t, { moneyContext: true });
    expect(said('The other shop wanted twenty-six thousand for the same job.')).toEqual(['$26,000']);
    expect(said('That was the seven thousand two hundred for the cedar option.')).toEqual(['$7,200']);
    expect(said('The electrician quoted me fourteen hundred just to run the line.')).toEqual(['$1,400']);
    expect(said("you're probably lookin at eighteen hundred to twenty one hundred")).toEqual([
      '$1,800–$2,100',
    ]);
    // "the" after a verb that is no frame names a thing, not a quote.
    expect(said('We moved the twelve hundred chairs last week.')).toEqual([]);
  });

  it('reads "à part" and "à charge" as how a charge is paid, not what per', () => {
    expect(fr('Le transport, c’est trois cents euros à part.')).toEqual(['300 €']);
    expect(fr('Il reste deux mille euros à charge pour vous.')).toEqual(['2 000 €']);
    expect(fr('C’est vingt euros à l’unité.')).toEqual(['20 € par unité']);
  });

  it('reads a known unit glued to its article by speech-to-text ("lunité", "lheure")', () => {
    expect(fr('les gants sont à trois piasses et demie lunité')).toEqual(['3,50 $ par unité']);
    expect(fr('le technicien cest quatre-vingts piasses lheure')).toEqual(['80 $ par heure']);
    // A word of its own that starts like one stays out.
    expect(fr('cest quarante piasses lavage compris')).toEqual(['40 $']);
  });

  it('reads a charge "de" an amount, a fraction after the currency and a unit after an elided article', () => {
    expect(fr('Il faut un acompte de trois cents pour réserver.')).toEqual(['300 €']);
    expect(fr('La salle coûte huit cents euros pour la journée.')).toEqual(['800 € par jour']);
    // A fraction after the currency word (and the thing sold by the piece, named before the amount).
    expect(fr('Le pot de miel est à six euros et demi.')).toEqual(['6,50 € par pot']);
    expect(fr('Le carton est à neuf piasses et quart.')).toEqual(['9,25 $ par carton']);
    expect(fr("La formatrice est à deux cent dix francs l'heure.")).toEqual(['210 CHF par heure']);
    // Centimes, and French "cents" after a number past nineteen ("nonante-deux cents" is 0,92).
    expect(fr('Le gasoil est à quatre-vingt-onze cents le litre.')).toEqual(['0,91 € par litre']);
    expect(fr("L'impression couleur, c'est douze centimes la page.")).toEqual(['0,12 € par page']);
    expect(fr('Le devis était de mille cent euros.')).toEqual(['1 100 €']);
    expect(en('The mulch is four dollars and a half per bag.')).toEqual(['$4.50 per bag']);
    expect(findPrices('We moved a total of fifteen hundred units.', 'en', { callMoney: true })).toEqual([]);
    expect(findPrices('He paid with a hundred dollar bill.', 'en', { callMoney: true })).toEqual([]);
  });

  it('reads the unit after what the money buys, and goods priced by the piece', () => {
    // What the money buys stands between the amount and its period or unit.
    expect(fr("On dépense à peu près trois mille euros d'électricité par an.")).toEqual(['3 000 € par an']);
    expect(fr('Ils facturent quinze euros de frais de dossier par contrat.')).toEqual(['15 € par contrat']);
    expect(en('We spend about six hundred dollars in diesel a month.')).toEqual(['$600 per month']);
    expect(en('It comes to eighty dollars worth of filters per visit.')).toEqual(['$80 per visit']);
    // Not across a new thought, a number, or to a noun after "a" that is no unit.
    expect(fr('Il reste deux cents euros de marge, par contre le mois prochain…')).toEqual(['200 €']);
    expect(fr("C'est deux cents euros de pièces et la journée de main-d'œuvre en plus.")).toEqual(['200 €']);
    expect(en('We spend two hundred dollars on lunch a few times.')).toEqual(['$200']);
    // By the piece, even when the sentence runs on.
    expect(en('the brackets are about thirty cents a piece shipped')).toEqual(['$0.30 per piece']);
    expect(fr('Les bocaux sont à deux euros pièce.')).toEqual(['2 € par pièce']);
    expect(en('The planters are forty dollars apiece.')).toEqual(['$40 per piece']);
  });

  it('reads French decimals after "virgule", cents before "livré", one-time charges and quarts', () => {
    expect(fr("L'envoi revient à zéro virgule quatre-vingt-cinq euro par lettre.")).toEqual([
      '0,85 € par lettre',
    ]);
    expect(fr('Le sac de dix kilos est à douze euros septante livré.')).toEqual(['12,70 € par sac']);
    expect(fr('Il y a une mise en place unique de huit cent nonante francs.')).toEqual([
      '890 CHF paiement unique',
    ]);
    expect(fr('Le boîtier est à trois cents euros, payé une fois.')).toEqual(['300 € paiement unique']);
    expect(
      findPrices('Setup is a one-time two thousand, which covers training.', 'en', { callMoney: true }).map(
        (p) => formatPrice(p, 'en'),
      ),
    ).toEqual(['$2,000 one-time']);
    expect(en('The synthetic blend runs twenty-three dollars a quart give or take.')).toEqual([
      '$23 per quart',
    ]);
    // Ranges whose ends are said with their own hundreds, or whose low end lacks the thousand.
    expect(
      en('The plan usually runs between eighteen hundred and twenty-four hundred dollars a quarter.'),
    ).toEqual(['$1,800–$2,400 per quarter']);
    expect(en('We estimate between a hundred and forty and a hundred and sixty thousand dollars.')).toEqual([
      '$140,000–$160,000',
    ]);
    expect(en('It came to three hundred and fifty dollars.')).toEqual(['$350']);
    // "one time" that is not a price frame stays a count.
    expect(findPrices('We called them one time and they never came.', 'en', { callMoney: true })).toEqual([]);
  });
});

describe('two readings of "seven fifty", settled by the other prices of the call', () => {
  const read = (text: string) => findPrices(text, 'en', { callMoney: true });
  const call = (...texts: string[]) => pickReadings(texts.flatMap(read)).map((p) => formatPrice(p, 'en'));

  it('offers the other reading', () => {
    expect(read("it's seven fifty")[0]).toMatchObject({ amount: 750, alternative: 7.5 });
    expect(read("it's fourteen fifty")[0]).toMatchObject({ amount: 14.5, alternative: 1450 });
  });

  it('takes the reading nearer the other prices', () => {
    expect(call('Vinyl plank is five dollars a square foot.', 'The oak is seven fifty.')).toEqual([
      '$5 per square foot',
      '$7.50',
    ]);
    expect(call('The hub is $900.', 'Each sensor is fourteen fifty per sensor.')).toEqual([
      '$900',
      '$1,450 per sensor',
    ]);
    // Per year against per month: compared on the same period.
    expect(call('It is $30 per user per year.', "It's two seventy-five per user per month.")).toEqual([
      '$30 per user per year',
      '$2.75 per user per month',
    ]);
  });

  it('reads a unit priced small by nature in dollars and cents, whatever else the call costs', () => {
    expect(call('The tank is $1,900 installed.', 'Fuel is three nineteen a gallon.')).toEqual([
      '$1,900',
      '$3.19 per gallon',
    ]);
    expect(call('Grout cleaning runs four twenty-five a square foot.')).toEqual(['$4.25 per square foot']);
    expect(call('Transcripts are two seventy-five a page.')).toEqual(['$2.75 per page']);
  });

  it('reads a monthly price with round cents under twenty in hundreds, and keeps a retail .99', () => {
    expect(call("It's twelve fifty a month.")).toEqual(['$1,250 per month']);
    expect(call("It's fourteen ninety-nine a month.")).toEqual(['$14.99 per month']);
  });

  it('anchors on readings their units decided, as well as on prices said without doubt', () => {
    // "one thirty a month" is 130 by its period: the install is 375 beside it, not 3.75 beside the $12.
    expect(
      call('The plan is one thirty a month.', 'The filter is $12.', 'Install is three seventy-five.'),
    ).toEqual(['$130 per month', '$12', '$375']);
  });

  it('keeps the default for a price per month with no unit, and alone', () => {
    expect(call('It is $9 per seat.', 'Support is three fifty a month.')).toEqual([
      '$9 per seat',
      '$350 per month',
    ]);
    expect(call("it's seven fifty")).toEqual(['$750']);
  });
});

describe('price parser: unpunctuated speech-to-text', () => {
  const asr = (t: string) => findPrices(t, 'en', { callMoney: true }).map((p) => formatPrice(p, 'en'));

  it.each([
    ['so the basic wash is one sixty nine if you add the wax its two forty', ['$169', '$240']],
    ['our bookkeeper bills us three hundred a month which is fine', ['$300 per month']],
    ['the old guy was like a hundred and ninety i think', ['$190']],
    ['the basic plan is two thirty nine we also do a bigger one', ['$239']],
    ['with the permit it comes to forty-two hundred', ['$4,200']],
    ['or a flat nine hundred on small jobs', ['$900']],
    ['its two dollars and forty cents a bag', ['$2.40 per bag']],
    ['thats one twenty nine every two weeks', ['$129']],
  ])('%s', (text, expected) => {
    expect(asr(text)).toEqual(expected);
  });

  it('reads a year said in the hundreds as a year, and a shop price in that form as a price', () => {
    const call = { callMoney: true, moneyContext: true };
    expect(findPrices('The building went up in nineteen eighty-two.', 'en', call)).toEqual([]);
    expect(findPrices("We still do it on paper like it's nineteen sixty.", 'en', call)).toEqual([]);
    expect(
      findPrices("That one's nineteen ninety-nine.", 'en', call).map((p) => formatPrice(p, 'en')),
    ).toEqual(['$19.99']);
  });

  it('reads a bare number under a hundred as a price only where the passage speaks of money', () => {
    expect(asr('my daughter is twelve')).toEqual([]);
    expect(asr('the crew was like fifteen')).toEqual([]);
    expect(
      findPrices('the crew was like fifteen', 'en', { moneyContext: true }).map((p) => formatPrice(p, 'en')),
    ).toEqual(['$15']);
  });

  it('reads the hundreds-and-cents form as a price in a call with no money word, but not a clock time', () => {
    const bare = (t: string) => findPrices(t, 'en').map((p) => formatPrice(p, 'en'));
    expect(bare('the sweep is one eighty nine')).toEqual(['$189']);
    expect(bare('the game is at two thirty')).toEqual([]);
    expect(bare("it's three fifteen")).toEqual([]);
  });

  it('does not read a count of periods as a unit', () => {
    expect(asr('its one twenty nine every three weeks')).not.toContainEqual(
      expect.stringContaining('per three'),
    );
  });

  it('reads the unit or the period named before the amount, not the name of a charge', () => {
    expect(fr('Chez nous, la leçon de conduite est à cinquante-cinq euros.')).toEqual(['55 € par leçon']);
    expect(fr('Chaque atelier est à trois cents euros.')).toEqual(['300 € par atelier']);
    expect(fr("Le mois, c'est quarante-neuf euros.")).toEqual(['49 € par mois']);
    expect(en('Each workshop is four hundred dollars.')).toEqual(['$400 per workshop']);
    expect(en('A case of twelve bottles is ninety dollars.')).toEqual(['$90 per case']);
    // The name of the charge, or when it is paid, is no unit.
    expect(fr("La livraison, c'est quarante euros.")).toEqual(['40 €']);
    expect(fr("L'abonnement pour l'an prochain est à neuf cents euros.")).toEqual(['900 €']);
    expect(en('The project is twelve thousand dollars.')).toEqual(['$12,000']);
    expect(en('The month is ninety dollars.')).toEqual(['$90']);
  });

  it('reads amounts framed by spending, quoting, the usual price, fillers and an added charge', () => {
    const call = (t: string) => findPrices(t, 'en', { callMoney: true }).map((p) => formatPrice(p, 'en'));
    expect(call('we budgeted maybe three thousand for the sound system')).toEqual(['$3,000']);
    expect(call('the other shop said like three forty for the whole job')).toEqual(['$340']);
    expect(call('you get it for forty dollars instead of the usual sixty five')).toEqual(['$40', '$65']);
    expect(call("with the cleaning we're at thirteen hundred")).toEqual(['$1,300']);
    expect(call('and the haul away is another hundred and forty')).toEqual(['$140']);
    expect(call('the trailer leases for about um fourteen hundred a month')).toEqual(['$1,400 per month']);
    expect(call('Yearly, about nineteen hundred for the three of us.')).toEqual(['$1,900 per year']);
    expect(call("Annually, it's about nineteen hundred.")).toEqual(['$1,900 per year']);
    expect(call('we pay nine dollars an acre on the beans')).toEqual(['$9 per acre']);
    expect(call('a tune up is normally one twenty to one sixty depending on the unit')).toEqual([
      '$120–$160',
    ]);
    // A bare number under a hundred stays a count where nothing around it is a price.
    expect(call('they said like twenty for the whole crew')).toEqual([]);
  });
});

describe('price parser: estimates, recurrences and what is not a unit (ADR 051)', () => {
  /** A passage of a call that speaks of money. */
  const inCall = { callMoney: true };

  it('reads a range or an amount behind an adverb of estimate', () => {
    expect(en('a kitchen like that usually runs somewhere between forty and fifty thousand', inCall)).toEqual(
      ['$40,000–$50,000'],
    );
    expect(en("I'd guess somewhere between nine and fourteen hundred, I'd have to see it", inCall)).toEqual([
      '$900–$1,400',
    ]);
    expect(en("it's probably twelve hundred with the permit", inCall)).toEqual(['$1,200']);
    expect(fr('pour un toit comme le vôtre on est généralement entre douze et quinze mille', inCall)).toEqual(
      ['12 000 €–15 000 €'],
    );
  });

  it('reads a bare number before a plural period or a measure as a duration or a size, ranges too', () => {
    const inCall = { callMoney: true };
    expect(en('billed at seventy an hour usually ten to twenty hours for an ancestor', inCall)).toEqual([
      '$70 per hour',
    ]);
    expect(en("I've got a fifty-two foot trawler down at the marina.", inCall)).toEqual([]);
    // With its currency, the amount is a price whatever follows.
    expect(en('it runs ten to twenty dollars an hour', inCall)).toEqual(['$10–$20 per hour']);
  });

  it('reads pounds and pence as money, and a weight in pounds and ounces as none', () => {
    const inCall = { callMoney: true };
    expect(en("a crate is about four pounds thirty a week and the van's extra", inCall)).toEqual([
      '£4.30 per week',
    ]);
    expect(en('the lamb came in at six pounds ten ounces', inCall)).toEqual([]);
  });

  it('ends a unit at a participle that says how the thing comes at that price', () => {
    const inCall = { callMoney: true };
    expect(en("we're at twelve eighty a panel stocked, and the trim is extra", inCall)).toEqual([
      '$12.80 per panel',
    ]);
    expect(en('it runs about ninety a tire mounted and balanced', inCall)).toEqual(['$90 per tire']);
    // Without the participle, a noun after "a" and before more words is not taken for a unit.
    expect(en('it was twelve eighty a panel job last spring', inCall)).not.toContainEqual(
      expect.stringContaining('per panel'),
    );
  });

  it('takes words that close the amount: depending on, that, delivered', () => {
    expect(en('a full reroof runs six hundred to three thousand depending on the slope', inCall)).toEqual([
      '$600–$3,000',
    ]);
    expect(en("we're at two eighty five that includes the haul away", inCall)).toEqual(['$285']);
    expect(en('the washer is around fourteen hundred delivered and hooked up', inCall)).toEqual(['$1,400']);
    // A pronoun and its verb start the next clause, with or without the apostrophe.
    expect(en("the survey is six hundred to a thousand euro that's before the permit", inCall)).toEqual([
      '€600–€1,000',
    ]);
    expect(en('its about a ninety dollar thats the callout', inCall)).toEqual(['$90']);
  });

  it('takes the period said before the amount as a recurrence or as the bill it totals', () => {
    expect(en("every month it's one forty nine and it never changes", inCall)).toEqual(['$149 per month']);
    expect(en('each year it was three ten for the same service', inCall)).toEqual(['$310 per year']);
    expect(fr('la facture du trimestre fait deux cent quarante euros', inCall)).toEqual([
      '240 € par trimestre',
    ]);
    expect(fr('chaque mois on paie quatre-vingt-neuf euros', inCall)).toEqual(['89 € par mois']);
  });

  it('reads no unit in "each time", "each and", "là faut"', () => {
    expect(en('I paid a hundred and ten each time they came out', inCall)).toEqual(['$110']);
    expect(en("it's forty bucks each and the parking is extra", inCall)).toEqual(['$40']);
    expect(fr("c'est deux mille huit cents là faut voir avec ma femme", inCall)).toEqual(['2 800 €']);
  });

  it('reads "for each", "startin at", a budget in mind, "anywhere from", an onboarding charge and kilowatt hours', () => {
    expect(
      en('we charge a hundred ten for the first room and forty for each room after that', inCall),
    ).toEqual(['$110', '$40 per unit']);
    expect(en('the basic package is startin at four ninety nine', inCall)).toEqual(['$499']);
    expect(en('we usually run about twelve a foot installed', inCall)).toEqual(['$12 per foot']);
    expect(en('honestly I was thinking like three hundred', inCall)).toEqual(['$300']);
    expect(en('a new panel can be anywhere from two thousand to four thousand', inCall)).toEqual([
      '$2,000–$4,000',
    ]);
    expect(en('and there is a one time onboarding of six hundred', inCall)).toEqual(['$600 one-time']);
    expect(en("I won't pay nineteen grand when the lease ends in June", inCall)).toEqual(['$19,000']);
    expect(en('we can hold you at twelve cents a kilowatt hour for two years', inCall)).toEqual([
      '$0.12 per kilowatt hour',
    ]);
  });

  it('reads a range of cents, the period adverbs before the amount, and no unit in "each way"', () => {
    expect(en('line striping runs about eight to twelve cents a foot', inCall)).toEqual([
      '$0.08–$0.12 per foot',
    ]);
    expect(en("Daily, it's two ninety with the trailer.", inCall)).toEqual(['$290 per day']);
    expect(en('Hourly we charge one fifteen for the tech.', inCall)).toEqual(['$115 per hour']);
    expect(en('the pickup is one twenty five each way', inCall)).toEqual(['$125']);
  });

  it('does not count a bare million or more: a cover, a property value, a loan', () => {
    expect(en('the policy has a five million limit and costs nine hundred a year', inCall)).toEqual([
      '$900 per year',
    ]);
    expect(en('the house is worth about one point two million', inCall)).toEqual([]);
    expect(en('that contract is one point five million a year', inCall)).toEqual(['$1,500,000 per year']);
  });
});

describe('price parser: estimates said as two amounts and units closed by a total (ADR 052)', () => {
  const money = { moneyContext: true };

  it.each([
    ["in summer it's two hundred forty, two hundred sixty a month", ['$240–$260 per month']],
    ['forty, fifty bucks a visit', ['$40–$50 per visit']],
    ["l'été c'est deux cent quarante, deux cent soixante par mois", ['240 €–260 € par mois']],
    // Two amounts far apart are two prices, not one estimate.
    ['the basic is two hundred, five hundred for the premium', ['$200', '$500']],
  ])('%s', (text, expected) => {
    const read = /[éà]|c'est/u.test(text) ? fr(text, money) : en(text, money);
    expect(read).toEqual(expected);
  });

  it('reads the unit of "each" from the things the sentence names, a unit said at its head, and a tax between', () => {
    expect(en('The monitors are a hundred and twenty-nine each, one per room.', money)).toEqual([
      '$129 per monitor',
    ]);
    expect(en('Stoles on their own are twenty-two each.', money)).toEqual(['$22 per stole']);
    expect(en('the tickets are forty bucks each and the parking is extra', money)).toEqual([
      '$40 per ticket',
    ]);
    expect(fr('les housses sont à douze euros chacune', money)).toEqual(['12 € par housse']);
    // Not a thing sold: "the prices are forty each" names none.
    expect(en('the prices are forty each', money)).toEqual(['$40']);
    expect(en('Per event, a pair of heaters with fuel is four seventy-five.', money)).toEqual([
      '$475 per event',
    ]);
    expect(fr("Vingt-huit euros hors taxe l'échantillon, kit compris.", money)).toEqual([
      '28 € par échantillon',
    ]);
  });

  it('reads an amount with a half or a quarter, and a range that ends with one', () => {
    expect(
      en('we could place you between eleven and twelve and a half thousand for the year', money),
    ).toEqual(['$11,000–$12,500 per year']);
    expect(en("it's eight and a half dollars a square foot", money)).toEqual(['$8.50 per square foot']);
  });

  it('reads hundreds said with "oh" for the zero tens when a currency, unit or period prices them', () => {
    expect(en('the service plan is two oh five a visit', money)).toEqual(['$205 per visit']);
    expect(en('that one was three oh nine dollars', money)).toEqual(['$309']);
    // Bare, the same words are an area code, an extension or a room.
    expect(en('my cell is five oh nine, four four two, eighty eight twelve', money)).toEqual([]);
    expect(en("we're in suite four oh three on the fourth floor", money)).toEqual([]);
  });

  it('ends a price where another thing paid for, an adverb, a date or a pronoun follows its unit', () => {
    expect(fr('Le contrat, c’est quatre-vingts euros par mois et le matériel en plus.', money)).toEqual([
      '80 € par mois',
    ]);
    expect(fr('Ça fait trois cents euros par mois plus le budget publicitaire.', money)).toEqual([
      '300 € par mois',
    ]);
    expect(fr('On serait à neuf cents piasses par mois pour la saison.', money)).toEqual(['900 $ par mois']);
    expect(fr('Le ramonage, soixante piasses par contre le déplacement est gratuit.', money)).toEqual([
      '60 $',
    ]);
    expect(fr('Ils nous ont facturé trois cent dix euros le quatre.', money)).toEqual(['310 €']);
    expect(fr('Cent vingt piasses ça, pour une heure de travail.', money)).toEqual(['120 $']);
    // The units said with "and" or after a tax still count.
    expect(fr('Quarante euros par personne et par jour.', money)).toEqual(['40 € par utilisateur par jour']);
    expect(en('it comes to twelve dollars per seat plus tax a month', money)).toEqual([
      '$12 per seat per month',
    ]);
    expect(fr('Le forfait est à cent dollars CA par mois.', money)).toEqual(['100 $ CA par mois']);
  });

  it('reads an amount in two groups counted per a thing as a price wherever the call speaks of money', () => {
    const inCall = { callMoney: true };
    // Both readings are kept: the call's other prices and the unit settle them (`pickReadings`).
    const read = (text: string, opts = inCall) =>
      findPrices(text, 'en', opts).map((p) => [p.amount, p.alternative, p.per]);
    expect(read("If you take two hundred units, I'll drop to three forty-nine a square foot.")).toEqual([
      [349, 3.49, 'square foot'],
    ]);
    expect(read('I can do sixty-two fifty per house if you commit to the phase.')).toEqual([
      [62.5, 6250, 'house'],
    ]);
    // Not where the call never speaks of money, nor a clock time.
    expect(read("I'll drop to three forty-nine a square foot.", { callMoney: false })).toEqual([]);
    expect(read('The crew comes at seven thirty each morning.')).toEqual([]);
  });

  it('reads an amount "starting" a date as a price said with when it applies', () => {
    expect(en("it was one twenty nine and now it's two nineteen starting next month", money)).toEqual([
      '$129',
      '$219',
    ]);
  });

  it('reads no price in money stolen, lost or unpaid', () => {
    expect(fr("On s'est fait voler dix-huit mille euros de câbles le mois dernier.", money)).toEqual([]);
    expect(fr('On a payé les places quand même, plus de quatre mille euros perdus.', money)).toEqual([]);
    expect(fr("J'ai huit mille euros d'impayés de tiers payant.", money)).toEqual([]);
    expect(en('we had about twelve thousand dollars of copper stolen last spring', money)).toEqual([]);
    // The garment: a stole is sold by the piece.
    expect(en('A matching stole is twenty-two dollars.', money)).toEqual(['$22']);
  });

  it('reads the Swiss franc code before digits, as other codes', () => {
    expect(en('the unit is CHF 18,900 and the service CHF 420 a year')).toEqual([
      'CHF 18,900',
      'CHF 420 per year',
    ]);
  });

  it('keeps counts said the same way counts', () => {
    expect(en('we run forty, fifty trucks out of the yard')).toEqual([]);
  });

  it.each([
    ["it's like fifty five bucks a driver all in", ['$55 per driver']],
    ['twenty a head tops for the lunch', ['$20 per user']],
  ])('%s', (text, expected) => {
    expect(en(text)).toEqual(expected);
  });
});
