/**
 * The call summary, written from what the analysis found rather than copied from the call's first
 * sentences: who spoke with whom about what, what the prospect needs (needs said outright, then the
 * problems described), the concerns raised, the prices, and what was agreed — the next step with its
 * day and time when one was said.
 *
 *  - Names: the rep's introduction ("this is Mark from BrightDesk", "ici Marc de Solutions ABC"), the
 *    rep's greeting ("Hi Sarah", "Bonjour Madame Tremblay") or the prospect's own introduction; else
 *    a speaker label that is a name; else "the rep" / "the prospect".
 *  - Topic: what the rep says they call about ("calling about your website", "je vous appelle au
 *    sujet de…"), else the rep's offer ("our answering service", "notre logiciel de paie").
 *  - Next step: the meeting word ("demo", "visite") and the day/time of the sentence that decided the
 *    result, or of the proposal it answered, or of the sentence before it.
 */
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';
import { countWords, tidy } from '../text.js';
import type { CompiledLexicon } from './compiled-lexicon.js';
import type { OutcomeDecision } from './outcome.js';
import type { CallSentence, Signals } from './signals.js';

/**
 * Capitalised words that follow a greeting or a title but are not a person's name: common words at
 * the start of a clause, pronouns ("Good afternoon, I'm trying to reach…"), titles said alone
 * ("Bonjour Madame,"), and French words an unpunctuated transcript puts after "monsieur"
 * ("bonjour monsieur ici Sandrine…").
 */
const NOT_NAMES = new Set(
  [
    'sorry good fine great calling just not here the yes no so well okay ok glad happy looking busy sure really also still with from trying reaching desole bien ravi content en la le un une au',
    "i i'm i’m im i've i’ve i'll i’ll we we're we’re you there everyone all folks guys team sir ma'am ma’am maam",
    'madame monsieur mademoiselle mme mr mrs ms dr maître maitre docteur',
    "ici je j'ai j’ai c'est c’est cest et est oui non vous ça ca merci allo allô hello hi hey bonjour salut",
  ]
    .join(' ')
    .split(' '),
);
const NAME = String.raw`\p{Lu}[\p{Ll}'’-]+`;
/** A name said with the title people use for that person ("this is Pastor Ray", "Coach Ramirez"). */
const TITLED_NAME = String.raw`(?:(?:pastor|coach|father|reverend|officer|chef|pasteur|abbé|docteur|dr\.?)\s+(?=\p{Lu}))?${NAME}`;
const COMPANY = String.raw`\p{Lu}[\p{L}\p{N}&'’-]*(?:\s+\p{Lu}[\p{L}\p{N}&'’-]*){0,2}`;
const INTRO: Record<EngineLanguage, RegExp> = {
  en: new RegExp(
    String.raw`(?:this is|my name is|i'm|i am|it's)\s+(${TITLED_NAME})(?:\s+(?:from|with|at|over at)\s+(${COMPANY}))?`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`(?:ici|je m'appelle|je m’appelle|c'est|c’est|moi c'est|je suis)\s+(${TITLED_NAME})(?:\s+(?:de|d'|d’|chez)\s*(${COMPANY}))?`,
    'iu',
  ),
};
/** "Julien de la société Clartel", "Mark from BrightDesk" at the start of a clause of the rep's first turn. */
const BARE_INTRO = new RegExp(
  String.raw`(?:^|[,.;!]\s*)(${NAME})\s+(?:from|with|de la société|de la compagnie|de l'entreprise|de chez|chez|de)\s+(${COMPANY})`,
  'u',
);
/** "It's Ethan, he's in eighth grade": the name said is someone the speaker talks about, not their own. */
const ABOUT_SOMEONE_ELSE =
  /^[\s,]*(?:he|she|they)(?:'s|’s|\s+is|\s+are|'re|’re)(?![\p{L}])|^[\s,]*(?:il|elle)\s+(?:est|a)(?![\p{L}])/iu;
const GREETING = new RegExp(
  String.raw`(?:^|[\s,.!])(?:hi|hello|hey|good (?:morning|afternoon|evening)|bonjour|salut|allo|allô)[\s,]+(?:(?:mr|mrs|ms|dr|madame|monsieur|mme)\.?\s+)?(${TITLED_NAME})`,
  'iu',
);
const TITLE = /(?:^|[\s,])((?:mr|mrs|ms|dr|madame|monsieur|mme)\.?\s+\p{Lu}[\p{Ll}'’-]+)/iu;

/** A capitalised word that is a name, not a capitalised common word at the start of a sentence. */
const isName = (w: string | undefined): w is string =>
  !!w && /^\p{Lu}/u.test(w) && !NOT_NAMES.has(w.toLowerCase());

/** Speaker labels that name a role, a channel or a machine rather than a person. */
const GENERIC_LABEL =
  /^(?:speaker|spk|locuteur|interlocuteur|intervenant|channel|canal|agent|rep|representative|représentante?|representante?|sales|customer|client|cliente|prospect|caller|appelant|appelante|conseill[eè]re?|commercial|commerciale|vendeur|vendeuse|system|système|systeme|voicemail|answering machine|machine|ivr|répondeur|repondeur|messagerie|boîte vocale|boite vocale|receptionist|réceptionniste|receptionniste|secretary|secrétaire|secretaire|operator|opérateur|opératrice|support|manager|gérante?|gerante?|owner|assistant|assistante|[a-z]|\d+)(?:[\s_-]*\w{0,3})?$/iu;

type Names = { rep: string | null; company: string | null; prospect: string | null };

function findNames(sentences: readonly CallSentence[], rep: string | null, language: EngineLanguage): Names {
  const names: Names = { rep: null, company: null, prospect: null };
  // The prospect's own introduction wins over how the rep greeted them.
  let greeted: string | null = null;
  const early = sentences.slice(0, 12);
  for (const s of early) {
    const fromRep = s.speaker === rep;
    const intro =
      INTRO[language].exec(s.text) ??
      INTRO.en.exec(s.text) ??
      (fromRep && s.turnIndex === early[0]?.turnIndex ? BARE_INTRO.exec(s.text) : null);
    if (intro && isName(intro[1]) && !ABOUT_SOMEONE_ELSE.test(s.text.slice(intro.index + intro[0].length))) {
      if (fromRep && !names.rep) {
        names.rep = intro[1];
        names.company = companyOf(intro[2]);
      } else if (!fromRep && !names.prospect) names.prospect = intro[1];
    }
    if (fromRep && !greeted) greeted = greetedName(s.text, names.rep);
  }
  names.prospect ??= greeted;
  return names;
}

const BRAND = /^\p{L}{4,}\p{Lu}/u;

/**
 * The person the rep greets in `text` ("Hi Sarah", "Bonjour Madame Tremblay"), or null when the
 * greeting names a business: the rep answering the phone ("Good afternoon, Keystone Music Studio",
 * "Bonjour, Atelier Lambotte ?": a capitalised word follows the name) or a one-word brand written
 * in camel case ("Good morning, StowLogic, this is Ethan": a capital after the fourth letter, which
 * names like "McKenzie", "MacKenzie" or "DeShawn" do not have).
 */
function greetedName(text: string, repName: string | null): string | null {
  const title = TITLE.exec(text);
  if (title?.[1] && /^(?:hi|hello|hey|good|bonjour|salut|allo)/iu.test(text.trim())) {
    const word = title[1].split(/\s+/u).pop() ?? '';
    if (!NOT_NAMES.has(word.toLowerCase().replace(/[.,]$/u, ''))) return title[1];
  }
  const greet = GREETING.exec(text);
  if (!greet || !isName(greet[1]) || greet[1] === repName) return null;
  const after = text.slice(greet.index + greet[0].length);
  if (/^\s+\p{Lu}/u.test(after) || BRAND.test(greet[1])) return null;
  return greet[1];
}

/**
 * The company said after the rep's name: its capitalised words only (the patterns ignore case, so
 * "from Tidy Paws mobile grooming" would otherwise take "mobile" in).
 */
function companyOf(said: string | undefined): string | null {
  const words: string[] = [];
  for (const w of said?.split(/\s+/u) ?? []) {
    if (!/^[\p{Lu}\p{N}]/u.test(w)) break;
    words.push(w);
  }
  return words.length && isName(words[0]) ? words.join(' ') : null;
}

const labelName = (label: string | null | undefined) =>
  label && !GENERIC_LABEL.test(label.trim()) && /\p{L}/u.test(label) ? label.trim() : null;

const TOPIC: Record<EngineLanguage, RegExp[]> = {
  en: [
    /(?:calling|reaching out|getting in touch|following up)\s+(?:you\s+)?(?:about|regarding|on|because of)\s+([^,.;:!?]{3,60})/iu,
    /(?:^|\s)(?:our|my)\s+((?:[\p{L}-]+\s+){0,2}(?:service|services|platform|software|app|tool|system|product|solution|program|programme|agency|crm|membership|coverage|policy))(?![\p{L}])/iu,
    /(?:^|\s)we\s+(help|answer|handle|provide|offer|build|install|manage|specialize in|work with)\s+([^,.;:!?]{3,60})/iu,
  ],
  fr: [
    /(?:je vous appelle|j'appelle|je vous contacte|je vous téléphone|je fais suite)\s+(?:au sujet d[eu]|concernant|pour|à propos d[eu]|a propos d[eu])\s+([^,.;:!?]{3,60})/iu,
    /(?:^|\s)(?:notre|nos)\s+((?:service|services|plateforme|logiciel|solution|application|système|systeme|programme|agence|outil)(?:\s+(?:(?:de|à|en|pour)\s+|d['’])[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)?)/iu,
    /(?:^|\s)nous\s+(?:aidons|offrons|proposons|accompagnons|installons|gérons|gerons|répondons à|repondons a)\s+([^,.;:!?]{3,60})/iu,
  ],
};

/** What the rep does, as the topic of the call: "we handle billing …" → "handling billing …". */
const GERUND: Record<string, string> = {
  help: 'helping',
  answer: 'answering',
  handle: 'handling',
  provide: 'providing',
  offer: 'offering',
  build: 'building',
  install: 'installing',
  manage: 'managing',
  'specialize in': 'specializing in',
  'work with': 'working with',
};

/** Words a topic cut at its length limit may end on, which leave it hanging ("… invoices from"). */
const DANGLING =
  /\s+(?:from|so|and|or|to|the|a|an|of|with|for|that|which|in|on|at|by|our|your|their|de|du|des|d'|d’|et|ou|pour|à|au|aux|qui|que|les|la|le|l'|l’|un|une|vos|nos|sur|dans|en|i|we|je|on|nous)$/iu;

const FILLERS = /^(?:uh|um|uhm|er|erm|euh|ben|hein)$/iu;
const JOINERS = new Set(['so', 'because', 'since', 'while', 'parce', 'puisque', 'afin', 'car']);

/**
 * A topic as the summary can say it: at most eight words, never ending on a word cut by the length
 * limit or on a word that leaves it hanging, without the second verb of a pair ("nous installons et
 * entretenons des ruches" → "des ruches …") or "own" ("our own platform" → "the platform").
 */
function cleanTopic(said: string, cutMidWord: boolean): string {
  let words = said
    .trim()
    .split(/\s+/u)
    .filter((w) => !FILLERS.test(w));
  if (cutMidWord) words = words.slice(0, -1);
  if (/^(?:and|et)$/iu.test(words[0] ?? '')) words = words.slice(2);
  if (/^own$/iu.test(words[0] ?? '')) words = words.slice(1);
  // A second clause starts at a joiner: "cameras in chapels so families can watch" → "cameras in chapels".
  const joiner = words.findIndex((w, i) => i > 0 && JOINERS.has(w.toLowerCase()));
  if (joiner > 0) words = words.slice(0, joiner);
  let topic = words.slice(0, 8).join(' ');
  while (DANGLING.test(topic)) topic = topic.replace(DANGLING, '');
  return topic;
}

function findTopic(
  sentences: readonly CallSentence[],
  rep: string | null,
  language: EngineLanguage,
): string | null {
  const [callingAbout, ours, weDo] = TOPIC[language];
  for (const re of TOPIC[language]) {
    for (const s of sentences) {
      if (rep !== null && s.speaker !== rep) continue;
      const m = re.exec(s.text);
      const said = re === weDo && language === 'en' ? m?.[2] : m?.[1];
      if (!m || !said) continue;
      const cutMidWord = /^[\p{L}\p{N}]/u.test(s.text.slice(m.index + m[0].length));
      const topic = cleanTopic(said, cutMidWord);
      if (countWords(topic) < 1) continue;
      // The first pattern (calling about …) gives the topic as said; the last (we help …) as what
      // the rep's company does ("helping warehouses put solar on flat roofs").
      if (re === callingAbout) return topic;
      if (re === weDo) {
        const verb = language === 'en' ? GERUND[(m[1] ?? '').toLowerCase()] : undefined;
        return verb ? `${verb} ${topic}` : topic;
      }
      if (re !== ours) continue;
      if (language === 'en') return `the ${topic}`;
      // "son offre", "sa plateforme", "son logiciel": the possessive agrees, "son" before a vowel.
      const feminine = /^(?:plateforme|solution|application|équipe|equipe|agence)/iu.test(topic);
      return `${feminine && !/^[aeéiouh]/iu.test(topic) ? 'sa' : 'son'} ${topic}`;
    }
  }
  return null;
}

const DAY_EN =
  '(?:(?:next|this)\\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight)(?:\\s+(?:morning|afternoon|evening))?';
const NUM_WORD_EN = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)';
const TIME_EN = `(?:\\s+(?:at|around)\\s+(?:\\d{1,2}(?::\\d{2})?(?:\\s?[ap]\\.?\\s?m\\.?)?|${NUM_WORD_EN}(?:\\s+(?:thirty|fifteen|forty[- ]five|o'clock))?(?:\\s?[ap]\\.?\\s?m\\.?)?))?`;
const MONTH_EN = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const WHEN_EN = new RegExp(
  `(?<![\\p{L}])(?:${DAY_EN}${TIME_EN}|(?:on\\s+)?(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)(?:\\s+of\\s+${MONTH_EN})?|${MONTH_EN}\\s+\\d{1,2}(?:st|nd|rd|th)?|next\\s+(?:week|month)|in\\s+(?:a|one|two|three|four|a couple of|a few|\\d+)\\s+(?:days?|weeks?|months?)|end of (?:the )?(?:week|month))(?![\\p{L}])`,
  'iu',
);
const DAY_FR =
  "(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|aujourd'hui|aujourd’hui)(?:\\s+(?:prochain|matin|après-midi|apres-midi|soir))*";
const NUM_WORD_FR = '(?:une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|midi|quatorze|quinze|seize)';
const TIME_FR = `(?:\\s+(?:à|a|vers)\\s+(?:\\d{1,2}\\s?(?:h|heures?|:)\\s?(?:\\d{2})?|${NUM_WORD_FR}(?:\\s+heures?)?(?:\\s+(?:et demie|trente|quinze))?))?`;
const MONTH_FR =
  '(?:janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre)';
const WHEN_FR = new RegExp(
  `(?<![\\p{L}])(?:${DAY_FR}${TIME_FR}|(?:le\\s+)?\\d{1,2}(?:er)?\\s+${MONTH_FR}|la semaine prochaine|le mois prochain|dans\\s+(?:une|deux|trois|quatre|quelques|\\d+)\\s+(?:jours|semaines?|mois)|fin\\s+(?:de la semaine|du mois))(?![\\p{L}])`,
  'iu',
);
const WHEN: Record<EngineLanguage, RegExp> = { en: WHEN_EN, fr: WHEN_FR };

function nextStep(
  outcome: OutcomeDecision,
  sentences: readonly CallSentence[],
  lex: CompiledLexicon,
  language: EngineLanguage,
): { step: string | null; when: string | null } {
  const ev = outcome.evidence;
  if (!ev) return { step: null, when: null };
  // The deciding sentence, the proposal it answered, then the sentences around it, nearest first.
  const around = [
    ev,
    outcome.proposal,
    sentences[ev.index - 1],
    sentences[ev.index + 1],
    sentences[ev.index - 2],
    sentences[ev.index - 3],
  ].filter((s): s is CallSentence => !!s);
  let when: string | null = null;
  for (const s of around) {
    const m = WHEN[language].exec(s.text);
    if (m) {
      when = m[0].trim();
      // French writes days and months in lower case: "Convenu : une démonstration, mardi à 10 h".
      if (language === 'fr') when = when.toLowerCase();
      break;
    }
  }
  if (outcome.resultClass === 'appointment') {
    for (const s of around) {
      const hit = lex.meetings.findAll(s.norm).find((h) => !h.phrase.includes('{'));
      if (hit) {
        const noun = s.text
          .slice(hit.start, hit.end)
          .toLowerCase()
          .replace(/^(?:a|an|short|quick)\s+|\s+with$/gu, '');
        const article =
          language === 'fr'
            ? /^(?:demo|démo|rencontre|réunion|reunion|visite|consultation|evaluation|évaluation|soumission)/iu.test(
                noun,
              )
              ? 'une'
              : 'un'
            : /^[aeiou]/iu.test(noun)
              ? 'an'
              : 'a';
        return { step: `${article} ${noun}`, when };
      }
    }
    return { step: null, when };
  }
  // Follow-up and refusal: the words that decided it, shortened.
  const words = tidy(ev.text).split(/\s+/u).filter(Boolean);
  if (countWords(words.join(' ')) < 2) return { step: null, when };
  const step = words.length > 16 ? `${words.slice(0, 16).join(' ')}…` : words.join(' ');
  return { step: language === 'fr' ? `« ${step} »` : `“${step}”`, when };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function writeSummary(input: {
  sentences: readonly CallSentence[];
  signals: Signals;
  prices: readonly string[];
  outcome: OutcomeDecision;
  rep: string | null;
  lex: CompiledLexicon;
  language: EngineLanguage;
}): string {
  const { sentences, signals, outcome, rep, lex, language } = input;
  const t = lex.lexicon.text.summary;
  const names = findNames(sentences, rep, language);
  const prospectLabel = [...new Set(sentences.map((s) => s.speaker))].find((sp) => sp !== rep) ?? null;
  const repName = names.rep ?? labelName(rep);
  const repText = repName ? (names.company ? `${repName} (${names.company})` : repName) : t.rep;
  const prospectText = names.prospect ?? labelName(prospectLabel) ?? t.prospect;
  const out: string[] = [cap(t.spokeWith(repText, prospectText, findTopic(sentences, rep, language)))];

  const short = (items: readonly string[], n: number) => items.filter((i) => countWords(i) >= 2).slice(0, n);
  const needs = short(signals.needs, 2);
  if (needs.length) out.push(cap(t.needs(prospectText, needs)));
  const problems = short(signals.painPoints, needs.length ? 1 : 2);
  if (problems.length) out.push(cap(t.problems(prospectText, problems)));
  const concerns = short(signals.objections, 2);
  if (concerns.length) out.push(t.concerns(concerns));
  // Canonical prices only: the spoken form in brackets stays on the pricing list.
  const prices = input.prices.map((p) => p.replace(/\s*\((?:“|« ).*$/u, ''));
  if (prices.length) out.push(t.prices(prices.slice(0, 2)));
  const { step, when } = nextStep(outcome, sentences, lex, language);
  out.push(t.agreed[outcome.resultClass as CallResultClass](step, when));
  return out.join(' ');
}
