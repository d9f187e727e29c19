/**
 * Nouns that follow "a", "per", "par" or "le" after an amount but are no pricing unit; part of the
 * price reader's units (`price-units.ts`, `price-unit-before.ts`).
 */
/** Nouns that never are a pricing unit, though they follow "a"/"per" ("a lot", "a bit", "per cent"). */
export const NOT_UNITS = new Set([
  'lot',
  'bit',
  'little',
  'few',
  'couple',
  'cent',
  'percent',
  'the',
  'our',
  'your',
  'their',
  'this',
  'that',
  'year',
  'peu',
  'partir',
  'fois',
  // "sixty bucks each and …", "fifty cents each time", "deux mille cinq cents là faut …": a
  // connector or "each" followed by a joiner, a pronoun, a verb or "time" starts the next words, not
  // a unit ("each time" is how often, not what per).
  'and',
  'or',
  'but',
  'then',
  'so',
  'with',
  'time',
  'times',
  // "one fifty each way": each trip's direction, not a unit the labels count per.
  'way',
  'faut',
  'que',
  'qui',
  'est',
  'pis',
  'mais',
  // "at seven thirty each morning": a time of day says when, not what per ("per night" stays a unit
  // of hotels and rentals).
  'morning',
  'afternoon',
  'evening',
  'matin',
  'soir',
  'apres-midi',
  // "quatre-vingt-dix-neuf piasses par contre" (however), "par mois là pour…": a connector then an
  // adverb or a preposition.
  'contre',
  'pour',
  'for',
]);
