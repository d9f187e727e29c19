/**
 * The offline engine's understanding of a question, in English and French: which tool, with what
 * period and filters. Plain patterns, tried in a fixed order; anything they do not recognise is
 * `unknown` (the engine then says what it can do instead of guessing).
 */
import { readNumberWords } from '../../analysis/engine/numbers.js';
import type { Lang } from './markdown.js';
import { knownSubject } from './objection-topics.js';
import type { PeriodKey } from './period.js';
import type { ResultClass, ToolInputs } from './tools.js';

export type Intent =
  | { kind: 'capabilities' }
  | { kind: 'listLeads'; input: ToolInputs['listLeads']; count: boolean }
  | { kind: 'topLeads'; input: ToolInputs['topLeads'] }
  | { kind: 'findCalls'; input: ToolInputs['findCalls']; count: boolean }
  | { kind: 'callSummary'; input: ToolInputs['callSummary'] }
  | { kind: 'figures'; input: ToolInputs['figures'] }
  | { kind: 'recurringPhrases'; input: ToolInputs['recurringPhrases'] }
  | { kind: 'unknown' };

/**
 * Lower case without accents, keeping one character per character of the original so a match's
 * indices can cut the original text (names keep their accents and case).
 */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const c = f.length === ch.length ? f : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
    out += c.replace(/[’‘`]/gu, "'");
  }
  return out;
}

const FR_WORDS = new Set(
  "les des du de la le quels quelles quel quelle qui combien mes mon ma nos notre vos votre appel appels aujourd'hui aujourd hier semaine mois dernier derniere resume resumer resumez avec ont sont est et ou que quoi peux pouvez fais faire tu vous je j'ai nouveaux nouvelles meilleurs meilleures prospects parle parlent mentionnent chiffres equipe cette ce ces sur dans pour".split(
    ' ',
  ),
);
const EN_WORDS = new Set(
  'the what which who how many much my our your calls call today yesterday week month last top leads lead new list all from with show me did do does are is was were summarize summarise mention mentions mentioned about can you figures team this that'.split(
    ' ',
  ),
);

/** The question's language: French when it has more French than English marker words. */
export function detectQuestionLanguage(text: string): Lang {
  let fr = 0;
  let en = 0;
  for (const w of fold(text).split(/[^\p{L}']+/u)) {
    if (!w) continue;
    if (FR_WORDS.has(w)) fr++;
    if (EN_WORDS.has(w)) en++;
  }
  return fr > en ? 'fr' : 'en';
}

const PERIODS: [RegExp, PeriodKey | ((m: RegExpExecArray) => PeriodKey)][] = [
  [/\b(?:today|today's|aujourd'?hui|aujourd hui|du jour|ce jour)\b/u, 'today'],
  [/\b(?:yesterday|yesterday's|hier)\b/u, 'yesterday'],
  [/\b(?:this week|this week's|cette semaine)\b/u, 'this_week'],
  [/\b(?:last week|previous week|la semaine (?:derniere|passee)|semaine derniere)\b/u, 'last_week'],
  [/\b(?:this month|ce mois(?:-ci)?)\b/u, 'this_month'],
  [/\b(?:last month|previous month|le mois (?:dernier|passe)|mois dernier)\b/u, 'last_month'],
  [
    /\b(?:(?:in )?the )?(?:last|past) (\d+) days\b|\b(?:les |ces )?(\d+) derniers jours\b/u,
    (m) => {
      const n = Number(m[1] ?? m[2]);
      return n <= 7 ? 'last_7_days' : n <= 30 ? 'last_30_days' : 'last_90_days';
    },
  ],
  [/\b(?:(?:in )?the )?(?:last|past) (?:seven|7) days\b|\b(?:this|the) past week\b/u, 'last_7_days'],
  [/\b(?:ever|all time|of all time|depuis (?:le debut|toujours)|de tous les temps)\b/u, 'all_time'],
];

/** The period named in the question, and the question with it removed. */
function takePeriod(folded: string): { period?: PeriodKey; rest: string; start?: number; end?: number } {
  for (const [re, key] of PERIODS) {
    const m = re.exec(folded);
    if (m) {
      const period = typeof key === 'function' ? key(m) : key;
      const rest = `${folded.slice(0, m.index)} ${folded.slice(m.index + m[0].length)}`;
      return { period, rest, start: m.index, end: m.index + m[0].length };
    }
  }
  return { rest: folded };
}

const RESULTS: [RegExp, ResultClass][] = [
  [/\bnot interested\b|\bpas interesse(?:e|s|es)?\b|\bdeclined\b|\brefus/u, 'not_interested'],
  [
    /\bappointments?\b|\bbooked\b|\bbook(?:ed)? a (?:meeting|demo)\b|\bmeetings? (?:booked|set)\b|\brendez[- ]vous\b|\brdv\b|\bdemos? (?:booked|set)\b/u,
    'appointment',
  ],
  [/\bfollow[- ]?ups?\b|\brelances?\b|\ba rappeler\b|\bcall ?backs?\b/u, 'follow_up'],
];

function takeResult(folded: string): ResultClass | undefined {
  for (const [re, value] of RESULTS) if (re.test(folded)) return value;
  return undefined;
}

// Whole words only: "de" is not the start of "decision" (elided "l'" and "d'" need no space).
const LEADING_FILLERS =
  /^(?:(?:the|a|an|le|la|les|un|une|des|du|de|about|of|on|to|sur|that|word|words|the words?|le mot|les mots|phrase)(?:\s+|$)|(?:l'|d')\s*)+/u;

/** Cuts the original text at the folded match's indices, trimmed of quotes, fillers and punctuation. */
function entity(original: string, folded: string, start: number, end: number): string | undefined {
  let value = original.slice(start, end);
  const foldedValue = folded.slice(start, end);
  const filler = LEADING_FILLERS.exec(foldedValue.trimStart());
  if (filler) value = value.trimStart().slice(filler[0].length);
  value = value
    .replace(/^[\s"'“”«»‘’]+|[\s"'“”«»‘’?!.,;:]+$/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return value.length > 0 && value.length <= 120 ? value : undefined;
}

/** Finds `re` in the folded text with the period phrase blanked out; returns the original text of group 1. */
function capture(original: string, folded: string, re: RegExp): string | undefined {
  const m = re.exec(folded);
  const group = m?.slice(1).find((g) => g !== undefined);
  if (!m || group === undefined) return undefined;
  const start = m.index + m[0].lastIndexOf(group);
  return entity(original, folded, start, start + group.length);
}

const RE = {
  capabilities:
    /\bwho are you\b|\bwhat (?:can|do) you do\b|\bwhat are you\b|\bhow can you help\b|^\s*help\b|\bqui es[- ]tu\b|\bqui etes[- ]vous\b|\bque (?:peux|pouvez)[- ](?:tu|vous) faire\b|\bque sais[- ]tu faire\b|^\s*aide\b|\bcall analysis ai\b/u,
  summary:
    /\b(?:summari[sz]e|summary|recap|what happened (?:in|on|during)|resume[rz]?|resumer|resumez|recapitule|que s'est[- ]il passe)\b/u,
  callId: /(?:#|\bcall\s*(?:n[o°]\.?|number|id)?\s*|\bappel\s*(?:n[o°]\.?|numero)?\s*)(\d{1,9})\b/u,
  withContact: /\b(?:with|avec)\s+(.+)$/u,
  // "Summarize the roof repair call", "summary of the pricing call", "résume l'appel sur la toiture".
  callAbout:
    /\b(?:summari[sz]e|summary of|recap(?: of)?)\s+(?:the|my|our|that|a)\s+(.+?)\s+(?:call|conversation)\b|\b(?:resume[rz]?|recapitule)\s+(?:l'|le |la |mon |notre )?(?:appel|conversation)\s+(?:sur|au sujet d[eu]|a propos d[eu]|concernant)\s+(?:l'|le |la |les )?(.+)$/u,
  // "What did the roofing prospect worry about?", "What was the dental call about?", "Qu'a dit le
  // client de la toiture ?": one call, named by what it was about.
  prospectAbout:
    /\bwhat (?:did|was|were|does) (?:the|my|our|that) (.+?) (?:prospects?|customers?|clients?|leads?|callers?|buyers?|homeowners?)\b|\bwhat (?:was|happened (?:in|on|during)) (?:the|my|our|that) (.+?) (?:call|conversation) ?(?:about)?\b|\bqu'(?:a|ont) (?:dit|voulu|demande) (?:le|la|les) (?:prospects?|clients?|clientes?) (?:de|du|des|pour|sur) (?:la |le |les |l')?(.+)$/u,
  toContact: /\b(?:to|from|de|a)\s+(.+)$/u,
  // "What price did we quote in the roofing call?", "How much did I quote James?", "Quel prix
  // avons-nous annoncé à madame Martin ?": the prices of one call (its summary lists them).
  priceQuoted:
    /\b(?:what|which)\s+(?:price|prices|pricing|rates?|quotes?)\s+(?:did|do|have|has)\s+(?:we|i|you|they)\b|\bhow much did (?:we|i) (?:quote|charge|offer|ask)\b|\bwhat did (?:we|i) quote\b|\bquels?\s+(?:prix|tarifs?)\s+(?:avons[- ]nous|ai[- ]je|a[- ]t[- ]on|on a)\b|\bcombien (?:avons[- ]nous|ai[- ]je|on a) (?:propose|annonce|demande|devise)\b/u,
  // "How much did I quote Dana Whitfield?": the person quoted, right after the verb.
  quotedWho: /\b(?:quote|charge|offer)\s+(?!(?:the|a|an|in|on|for|to|with|during)\b)(.+)$/u,
  inCall:
    /\b(?:in|on|during|for)\s+(?:the|my|our|that)\s+(.+?)\s+(?:call|conversation)\b|\b(?:dans|lors de|pendant)\s+(?:l'|le |la )?(?:appel|conversation)\s+(?:sur|de|du|pour)\s+(?:la |le |les |l')?(.+)$/u,
  lastCall: /\b(?:last|latest|most recent|dernier|derniere|plus recent)\b/u,
  objections: /\bobjections?\b|\bpushbacks?\b|\bobjecte?d?\b/u,
  // "price objections", "timing objection": the word before names the objection's subject.
  qualifiedObjection: /\b([a-z]+)[- ]objections?\b/u,
  painPoints:
    /\bpain ?points?\b|\bpoints? de (?:douleur|friction)\b|\bfrustrations?\b|\bproblems? (?:described|raised)\b/u,
  specificObjection:
    /\b(?:objections?|objected|pushback)\s+(?:about|on|to|over|like|regarding|sur|concernant|au sujet d[eu]|a propos d[eu]|liees? a|de)\s+(.+)$/u,
  specificPain:
    /\b(?:pain ?points?|points? de (?:douleur|friction))\s+(?:about|on|with|like|regarding|sur|concernant|avec|de)\s+(.+)$/u,
  top: /\b(?:top|best|hottest|hot|warmest|most promising|highest[- ]scor\w*|strongest|most likely to (?:close|buy|sign|convert)|closest to (?:closing|buying|signing)|meilleur(?:e?s?)?|plus chaud(?:e?s)?|plus prometteu(?:r|rs|se|ses)|mieux notes?|plus (?:susceptibles?|proches?) de (?:signer|conclure|acheter))\b/u,
  // Deals and opportunities are leads as a sales team says it.
  leads:
    /\b(?:leads?|prospects?|contacts?|clients? potentiels?|deals?|opportunit(?:y|ies)|affaires|opportunites?)\b/u,
  newLeads: /\b(?:new|created|added|first[- ]time|nouveaux?|nouvelles?|cree(?:e?s)?|ajoute(?:e?s)?)\b/u,
  whoCalled:
    /\bwho (?:did|have) (?:i|we) (?:call|called|speak|spoke|talk|talked)\b|\bwho (?:i|we) (?:called|spoke to|talked to)\b|\bqui (?:ai-je|j'ai|avons-nous|a-t-on|on a) (?:appele|eu)\b/u,
  // "parlent d'un concurrent": an elided "d'" needs no space after it.
  mention:
    /\b(?:mention(?:s|ed|ing)?|talk(?:s|ed)? about|speak(?:s)? about|spoke about|said|say|says|discuss(?:ed|es)?|bring up|brought up|ask(?:ed)? about|mentionn\w*|parl\w* (?:de|du|des)|evoqu\w*|dit|disent|cite\w*)\s+(.+)$|\bparl\w* d'\s*(.+)$/u,
  callsWith: /\b(?:calls?|appels?|conversations?)\s+(?:with|to|from|avec|a|de)\s+(.+)$/u,
  howMany: /\bhow many\b|\bhow much\b|\bnumber of\b|\bcombien\b|\bnombre d/u,
  figures:
    /\b(?:average|avg|mean|moyenne|moyen|figures|stats?|statistics|numbers|metrics|kpis?|performance|how am i doing|how are we doing|how is the team doing|scorecard|chiffres|statistiques|indicateurs|bilan)\b/u,
  team: /\b(?:team|team's|everyone|all reps|the reps|whole org\w*|equipe|tout le monde|commerciaux)\b/u,
  calls: /\b(?:calls?|appels?|conversations?)\b/u,
  who: /^\s*(?:who|qui)\b/u,
  // "Which appointments…", "Quels sont les prochains rendez-vous ?": a question about calls of a result.
  which: /^\s*(?:which|what|show|list|quels?|quelles?|montre|liste)\b/u,
  list: /\b(?:list|show|give|display|liste|montre|affiche|donne)\b/u,
};

// An amount in digits or in words (read by the analyzer's number reader: "ten", "twenty-five", "deux").
const AMOUNT = "(\\d{1,4}|[a-z'-]+(?: [a-z'-]+){0,3}?)";
const UNIT = '(seconds?|secs?|minutes?|mins?|hours?|hrs?|secondes?|heures?)';
const LONGER = new RegExp(
  `\\b(?:longer than|more than|over|at least|lasting over|plus de|au moins|plus longs? que|plus longues? que)\\s+${AMOUNT}\\s*${UNIT}\\b`,
  'u',
);
const SHORTER = new RegExp(
  `\\b(?:shorter than|less than|under|below|moins de|plus courts? que|plus courtes? que)\\s+${AMOUNT}\\s*${UNIT}\\b`,
  'u',
);

/** The whole of `text` as a number, in digits or in English or French words; else undefined. */
function amountOf(text: string): number | undefined {
  if (/^\d+$/u.test(text)) return Number(text);
  const tokens = text.split(/[\s-]+/u);
  for (const language of ['en', 'fr'] as const) {
    const read = readNumberWords(tokens, 0, language);
    if (read && read.length === tokens.length) return read.value;
  }
  return undefined;
}

/** "longer than 10 minutes" → { minSeconds: 600 }; "moins de 2 minutes" → { maxSeconds: 120 }. */
function takeDuration(folded: string): { minSeconds?: number; maxSeconds?: number } | undefined {
  const seconds = (m: RegExpExecArray | null) => {
    if (!m?.[1] || !m[2]) return undefined;
    const n = amountOf(m[1]);
    if (n === undefined) return undefined;
    const unit = m[2].startsWith('h') ? 3600 : m[2].startsWith('m') ? 60 : 1;
    return Math.min(n * unit, 86_400);
  };
  const min = seconds(LONGER.exec(folded));
  const max = seconds(SHORTER.exec(folded));
  if (min === undefined && max === undefined) return undefined;
  return {
    ...(min !== undefined ? { minSeconds: min } : {}),
    ...(max !== undefined ? { maxSeconds: max } : {}),
  };
}

/** Words before "objection" that do not name its subject ("what objections", "the main objection"). */
const NOT_A_SUBJECT = new Set(
  (
    'what which the any main common top most biggest big recurring frequent usual typical all my our their ' +
    'new some these those many no a an other of with had have has raised were are is did do same more such ' +
    'customer customers prospect prospects client clients real key first last ' +
    'quelles quels quel quelle les des mes nos vos leurs principales principaux grandes'
  ).split(' '),
);

/** "price" of "Which calls had a price objection?"; undefined when the word before is not a subject. */
function qualifiedObjection(folded: string): string | undefined {
  const m = RE.qualifiedObjection.exec(folded);
  return m?.[1] && !NOT_A_SUBJECT.has(m[1]) ? m[1] : undefined;
}

/** Reads a question (folded against the original for entities) into one intent. */
export function parseIntent(question: string): Intent {
  const original = question.replace(/\s+/gu, ' ').trim();
  const foldedAll = fold(original);
  const { period, start, end } = takePeriod(foldedAll);
  // Blank the period phrase (same length) so entity indices still line up with the original.
  const folded =
    start !== undefined && end !== undefined
      ? `${foldedAll.slice(0, start)}${' '.repeat(end - start)}${foldedAll.slice(end)}`
      : foldedAll;
  const source =
    start !== undefined && end !== undefined
      ? `${original.slice(0, start)}${' '.repeat(end - start)}${original.slice(end)}`
      : original;
  const cap = (re: RegExp) => capture(source, folded, re);
  const count = RE.howMany.test(folded);

  if (RE.capabilities.test(folded)) return { kind: 'capabilities' };

  if (RE.priceQuoted.test(folded)) {
    const inCall = RE.inCall.exec(folded);
    const topic = (inCall?.[1] ?? inCall?.[2])?.replace(/[\s?!.,;:]+$/u, '').trim();
    if (topic) return { kind: 'callSummary', input: { words: topic } };
    const contact = cap(RE.withContact) ?? cap(RE.toContact) ?? cap(RE.quotedWho);
    if (contact) return { kind: 'callSummary', input: { contact } };
  }

  if (RE.summary.test(folded) || (RE.lastCall.test(folded) && /\b(?:call|appel)\b/u.test(folded) && !count)) {
    const id = RE.callId.exec(folded);
    if (id?.[1]) return { kind: 'callSummary', input: { callId: Number(id[1]) } };
    const contact = cap(RE.withContact) ?? cap(RE.toContact);
    if (contact) return { kind: 'callSummary', input: { contact } };
    const about = RE.callAbout.exec(folded);
    const topic = (about?.[1] ?? about?.[2])?.trim();
    // "the last call" is the latest call, not a call about "last".
    if (topic && !RE.lastCall.test(topic)) return { kind: 'callSummary', input: { words: topic } };
    return { kind: 'callSummary', input: {} };
  }

  const aboutProspect = RE.prospectAbout.exec(folded);
  const subject = (aboutProspect?.[1] ?? aboutProspect?.[2] ?? aboutProspect?.[3])
    ?.replace(/[\s?!.,;:]+$/u, '')
    .trim();
  // "What was the average lead score?" asks for a figure, not about an "average" call.
  if (subject && !RE.lastCall.test(subject) && !RE.figures.test(subject)) {
    return { kind: 'callSummary', input: { words: subject } };
  }

  const objection = cap(RE.specificObjection) ?? qualifiedObjection(folded);
  if (objection) {
    return {
      kind: 'findCalls',
      input: { period: period ?? 'all_time', objection },
      count,
    };
  }
  const painPoint = cap(RE.specificPain);
  if (painPoint) {
    return { kind: 'findCalls', input: { period: period ?? 'all_time', painPoint }, count };
  }
  if (RE.objections.test(folded) && !count) {
    return { kind: 'recurringPhrases', input: { period: period ?? 'this_week', kind: 'objections' } };
  }
  if (RE.painPoints.test(folded) && !count) {
    return { kind: 'recurringPhrases', input: { period: period ?? 'this_week', kind: 'pain_points' } };
  }

  // "Which calls were longer than 10 minutes?", "appels de moins de 2 minutes".
  const duration = takeDuration(folded);
  if (duration && (RE.calls.test(folded) || RE.which.test(folded) || count)) {
    const result = takeResult(folded);
    return {
      kind: 'findCalls',
      input: { period: period ?? 'all_time', ...duration, ...(result ? { result } : {}) },
      count,
    };
  }

  const words = cap(RE.mention);
  if (words) {
    // "mention a competitor", "parlent du prix": a known subject is found however it was said —
    // its own words in the call, or an objection about it (objection-topics.ts).
    const about = knownSubject(words);
    if (about) return { kind: 'findCalls', input: { period: period ?? 'all_time', subject: about }, count };
    return { kind: 'findCalls', input: { period: period ?? 'all_time', words }, count };
  }

  if (RE.figures.test(folded)) {
    return { kind: 'figures', input: { period: period ?? 'this_week', team: RE.team.test(folded) } };
  }

  if (RE.top.test(folded) && (RE.leads.test(folded) || RE.who.test(folded))) {
    return { kind: 'topLeads', input: { period: period ?? 'today' } };
  }

  const result = takeResult(folded);
  const contact = cap(RE.callsWith);

  if (RE.leads.test(folded) || RE.whoCalled.test(folded)) {
    if (result) {
      return { kind: 'findCalls', input: { period: period ?? 'this_week', result }, count };
    }
    const kind = RE.newLeads.test(folded) ? 'created' : 'called';
    return { kind: 'listLeads', input: { period: period ?? 'today', kind }, count };
  }

  if (contact && !result) {
    return { kind: 'findCalls', input: { period: period ?? 'all_time', contact }, count };
  }

  if (result && (RE.calls.test(folded) || RE.who.test(folded) || RE.which.test(folded) || count)) {
    return { kind: 'findCalls', input: { period: period ?? 'this_week', result, contact }, count };
  }

  if (count && RE.calls.test(folded)) {
    return { kind: 'figures', input: { period: period ?? 'today', team: RE.team.test(folded) } };
  }

  if (RE.calls.test(folded) && (RE.list.test(folded) || period)) {
    return { kind: 'findCalls', input: { period: period ?? 'today' }, count };
  }

  return { kind: 'unknown' };
}
