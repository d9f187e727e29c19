/**
 * Word classes the clause classifier (`clause-model.ts`) sees besides the words themselves: each is
 * a feature shared by English and French, so what the model learns from the many English calls
 * carries to French ones, and a clause that says a problem with a word no dev call used still lights
 * the class. They are kinds of words any sales call uses (cost, time, an incumbent, a decider, a
 * trouble, a loss), written from general knowledge of the two languages, not from labelled calls;
 * the model learns from the dev set how much each counts. Matched on normalized text (lower case, no
 * accents) at word starts; a trailing `~` in a comment means any ending.
 */

export type CueClass = { key: string; why: string; pattern: RegExp };

const starts = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}'])(?:${alternatives})`, 'u');

export const CUE_CLASSES: readonly CueClass[] = [
  {
    key: 'cost',
    why: 'words of price, budget and affordability: the commonest objection is about money',
    pattern: starts(
      'expensive|pricey|cost|price|budget|afford|money|cheap|spend|pay|fee|invest|cher|chere|couteu|prix|tarif|moyens|payer|depens|argent|frais|investi',
    ),
  },
  {
    key: 'timing',
    why: 'words that put the decision later: a timing objection',
    pattern: starts(
      "right now|at the moment|this year|next year|next quarter|later|busy|season|timing|not yet|wait|maybe in|pour l'instant|pour le moment|en ce moment|plus tard|l'annee prochaine|pas maintenant|occupe|attendre|pas le bon moment|saison",
    ),
  },
  {
    key: 'incumbent',
    why: 'an existing provider, tool or contract the prospect is tied to',
    pattern: starts(
      'already|current|contract|locked|signed|provider|vendor|in house|deja|actuel|contrat|engage|fournisseur|prestataire|en interne',
    ),
  },
  {
    key: 'decider',
    why: 'someone else who decides or must be asked: an authority objection',
    pattern: starts(
      'partner|boss|owner|wife|husband|board|manager|head office|corporate|my team|decide|decision|sign off|run it by|check with|talk to|associe|patron|proprietaire|femme|mari|conjoint|direction|siege|decid|en parler|voir avec|demander a',
    ),
  },
  {
    key: 'doubt',
    why: 'distrust, a bad past experience or a need for proof',
    pattern: starts(
      'burn|scam|tried|last time|before|skeptic|doubt|trust|promis|guarantee|not sure|no idea if|arnaque|mefian|essaye|la derniere fois|pas sur|doute|confiance|garanti|deja eu',
    ),
  },
  {
    key: 'enough',
    why: 'saying the current state is fine or the offer is not needed',
    pattern: starts(
      "fine|good enough|happy with|works for us|don't need|no need|covered|handle it|taken care|satisfied|ca va|ca marche|suffit|pas besoin|content|satisfait|on s'en occupe|on gere",
    ),
  },
  {
    key: 'trouble',
    why: 'words that name a problem, a difficulty or a feeling about one',
    pattern: starts(
      'problem|issue|trouble|hassle|headache|nightmare|pain|struggl|frustrat|annoy|hate|mess|chaos|stress|overwhelm|swamp|drown|hard|difficult|tough|tired|sick of|fed up|worr|complain|probleme|souci|galere|casse tete|cauchemar|penible|frustr|enerv|agac|debord|noy|difficile|dur|complique|plain|inquiet|en a marre|ras le bol',
    ),
  },
  {
    key: 'loss',
    why: 'losing, missing, wasting or breaking something: a cost the prospect lives with',
    pattern: starts(
      'lose|lost|losing|miss|waste|broke|break|crash|down for|fail|late|delay|behind|slow|forever|hours|no show|cancel|mistake|error|wrong|forgot|fall through|perd|perte|rate|manque|gaspill|panne|plant|echou|retard|lent|des heures|erreur|oubli|annul',
    ),
  },
  {
    key: 'manual',
    why: 'work done by hand or with makeshift tools',
    pattern: starts(
      'manual|by hand|spreadsheet|excel|paper|sticky|whiteboard|phone tag|back and forth|copy|a la main|manuel|tableur|papier|post it|a la mano',
    ),
  },
  {
    key: 'recurrence',
    why: 'it keeps happening: recurrence marks a problem lived with, not a one-off',
    pattern: starts(
      'always|never|every time|all the time|constantly|keep|again|every week|every month|each time|half the time|toujours|jamais|chaque fois|tout le temps|sans arret|encore|chaque semaine|chaque mois|la moitie du temps',
    ),
  },
  {
    key: 'intensity',
    why: 'intensifiers and comparatives that make a complaint or a limit',
    pattern: starts(
      'too|way too|so much|really|crazy|ridiculous|insane|more than|trop|vraiment|fou|ridicule|plus que',
    ),
  },
  {
    key: 'neglect',
    why: 'someone who should have acted did not ("nobody called", "never told us", "for nothing"): a let-down lived with',
    pattern: starts(
      "nobody|no one|never told|never called|never showed|didn't even|did not even|without telling|without warning|for nothing|no heads up|personne ne|personne m|jamais prevenu|sans prevenir|pour rien|meme pas",
    ),
  },
  {
    key: 'damage',
    why: 'physical damage or a thing that no longer works: a problem in its plainest form',
    pattern: starts(
      'soak|leak|flood|damag|ruin|rot|mold|mould|crack|dead|dying|rust|stuck|jam|overflow|smell|fuite|inond|abim|pourri|moisi|fissur|rouill|bloque|coince|odeur|en panne|ne marche plus|fonctionne plus',
    ),
  },
  {
    key: 'relative',
    why: 'a relative, friend or "a guy" who already does the job or has a say ("my cousin does our books", "quelqu\'un qui s\'en occupe"): kinship words are a closed class, the same in every industry',
    pattern: starts(
      "brother|sister|son(?![\\p{L}])|daughter|nephew|niece|cousin|uncle|aunt|in law|dad(?![\\p{L}])|father|mom(?![\\p{L}])|mother|friend|buddy|neighbo|a guy|our guy|my guy|frere|soeur|fils(?![\\p{L}])|fille(?![\\p{L}])|neveu|oncle|tante|beau pere|belle mere|pere(?![\\p{L}])|mere(?![\\p{L}])|amie?s?(?![\\p{L}])|copain|copine|voisin|un gars|quelqu'un qui",
    ),
  },
  {
    key: 'tenure',
    why: 'how long the prospect has been with what he has ("going on twenty years", "depuis longtemps"): loyalty to an incumbent',
    pattern: starts(
      'years(?![\\p{L}])|been with|long time|forever|loyal|since we|ans(?![\\p{L}])|annees|depuis longtemps|depuis toujours|fidele',
    ),
  },
  {
    key: 'want',
    why: 'wanting something the offer could give ("we need a way to", "looking for"): a reason to buy, not against it; "need to" (ask someone, think) is left out',
    pattern: starts(
      "need an? |need some|needs an? |looking for|we want|we'd like|would love|wish we|il nous faut|il me faut|on cherche|je cherche|besoin d'une? |on aimerait|j'aimerais avoir|on voudrait",
    ),
  },
];

/** The keys of the cue classes present in a normalized clause. */
export function cuesOf(normalized: string): string[] {
  return CUE_CLASSES.filter((c) => c.pattern.test(normalized)).map((c) => c.key);
}
