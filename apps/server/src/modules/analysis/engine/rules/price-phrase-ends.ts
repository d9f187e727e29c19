/**
 * Words that may follow a bare amount and close its phrase: part of the price reader
 * (`pricing.ts`), beside the words around an amount in `price-context.ts`.
 */

/** What may follow a bare amount in a price frame ("two fifty, and …", "ninety-nine on top", "six hundred thousand before incentives"). */
export const FRAME_AFTER = new Set([
  'on',
  'before',
  'right',
  'now',
  'for',
  'to',
  'installed',
  'total',
  // "he quoted me twenty two hundred just to disconnect it": what the amount paid for follows.
  'just',
  'flat',
  // "a hundred forty-nine extra", "six thousand a show all in": the amount is complete.
  'extra',
  'all',
  'plus',
  'each',
  'up',
  'and',
  'or',
  'with',
  'including',
  'included',
  'instead',
  'this',
  'pour',
  'avant',
  'installe',
  'pose',
  'tout',
  'aujourd',
  "aujourd'hui",
  'presentement',
  'hors',
  'et',
  'ou',
  'avec',
  'then',
  'but',
  'mais',
  // Conjunctions that close the amount's phrase ("thirty-eight thousand without the wall", "eight
  // hundred to two thousand dependin on the house", "three seventy five that includes the lid").
  'without',
  'depending',
  'dependin',
  'that',
  // "a thousand euro that's the registry fees", "ninety dollar it's included": a pronoun and its
  // verb start the next clause (speech-to-text drops the apostrophe: "thats", "its").
  "that's",
  'thats',
  "it's",
  'its',
  "there's",
  'theres',
  // "eighteen hundred delivered and installed": how the price is delivered, as "installed".
  'delivered',
  // "for twenty-seven grand when the new system is coming": a clause of time follows.
  'when',
  'if',
  'so',
  'which',
  'because',
  'sans',
  'selon',
  'si',
  'donc',
  // "one forty-nine every two weeks": a count of periods follows.
  'every',
  // "now it's two nineteen starting next month", "eighty-nine effective January": when the price
  // applies follows. (French "dès" folds to "des", the article: left out.)
  'starting',
  'effective',
  'beginning',
  // A new clause's subject ("a hundred and twenty I think", "deux cents je pense"): the amount is
  // complete, as unpunctuated speech-to-text writes it.
  'i',
  'we',
  'you',
  'they',
  'je',
  'on',
  // French words that close an amount's phrase, as "each", "installed" or "all in" do in English:
  // "cent soixante-quinze chaque", "trois mille huit cents au gars de…", "tout compris", "sept cent
  // vingt les quatre", and Quebec "pis" (and then).
  'chaque',
  'au',
  'aux',
  'compris',
  'les',
  'poses',
  'pis',
  'dependamment',
  // Quebec "là" after an amount ("deux mille huit cents là, faut voir"), folded as "la".
  'la',
]);
