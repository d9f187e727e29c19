/**
 * The offline analyzer: deterministic rules over the speaker segments, English and French.
 * Steps: language (given or detected) → turns → questions and their answers → rep (see
 * `../speakers.ts`) → objections, pain points, buying signals, prices (`signals.ts`) → result class
 * (`outcome.ts`) → summary written from those findings (`summary.ts`) → lead score (`lead-score.ts`).
 * Same input, same output: no clock, no randomness, no I/O.
 */
import type { Analysis } from '@call-insights/contracts/analysis';
import type { AnalyzeInput, Analyzer } from '../analyzer.js';
import { resolveLanguage } from '../language.js';
import { countWords } from '../text.js';
import {
  detectRepSpeaker,
  introducesAsSeller,
  segmentsFromText,
  soundsLikeMachine,
  toTurns,
} from '../speakers.js';
import { compiledLexicon } from './compiled-lexicon.js';
import { leadScore } from './lead-score.js';
import { decideOutcome, type OutcomeDecision } from './outcome.js';
import { extractQuestions } from './questions.js';
import {
  callSentences,
  questionsAsked,
  extractSignals,
  prospectOf,
  type CallSentence,
  type ClauseSource,
} from './signals.js';
import { writeSummary } from './summary.js';

/** About a minute and a half of speech: longer than any voicemail greeting plus message. */
const VOICEMAIL_MAX_WORDS = 200;
/** A greeting with a menu of options: more than that is a person talking. */
const MACHINE_MAX_WORDS = 90;

/** The call read once: language, lexicon, turns, sentences and who the rep is. */
export function prepareCall(input: AnalyzeInput) {
  const segments = input.segments.length > 0 ? input.segments : segmentsFromText(input.text);
  const fullText = segments.map((s) => s.text).join(' ');
  const language = resolveLanguage(input.language, fullText);
  const lex = compiledLexicon(language);
  const turns = toTurns(segments);
  const sentences = callSentences(turns, lex);
  const asked = questionsAsked(sentences);
  // A short call with one voice that introduces itself as a seller is the rep leaving a message (a
  // voicemail): nobody in it is the prospect, and one voice agrees nothing, so the class is "other".
  // (A long single-speaker text is more likely a whole call without speaker labels.)
  // The same when the only other voice is an answering machine's greeting or menu. The greeting names
  // the business it answers for ("vous êtes bien chez Garonne Bâtiment"), which reads as a rep's
  // introduction: the machine is found first, and the rep is the other voice.
  const speakers = new Set(sentences.map((s) => s.speaker));
  const machineLike = (speaker: string) => {
    const said = sentences
      .filter((s) => s.speaker === speaker)
      .map((s) => s.text)
      .join(' ');
    return countWords(said) <= MACHINE_MAX_WORDS && soundsLikeMachine(said);
  };
  // Of two voices, exactly one a machine's: the other is the rep.
  const machines = speakers.size === 2 ? [...speakers].filter(machineLike) : [];
  const machine = machines.length === 1 ? machines[0] : undefined;
  const detected = detectRepSpeaker(segments, asked);
  const rep = machine === undefined ? detected : ([...speakers].find((sp) => sp !== machine) ?? detected);
  const repMonologue =
    machine !== undefined ||
    (speakers.size === 1 &&
      countWords(fullText) <= VOICEMAIL_MAX_WORDS &&
      sentences.some((s) => introducesAsSeller(s.text)));
  const decided = decideOutcome(sentences, lex, language, rep);
  const outcome = repMonologue ? { ...decided, resultClass: 'other' as const, evidence: null } : decided;
  const isProspect = prospectOf(sentences, rep, repMonologue);
  return { language, lex, turns, sentences, rep, outcome, isProspect };
}

/** Synchronous core, shared by the rules provider, the LLM fallback, the evaluation and the bench. */
export function analyzeWithRules(
  input: AnalyzeInput,
  options: { clauseSource?: ClauseSource } = {},
): Analysis {
  const { language, lex, turns, sentences, rep, outcome, isProspect } = prepareCall(input);
  const questions = extractQuestions(turns, sentences);
  const signals = extractSignals(sentences, isProspect, lex, language, options.clauseSource);
  const texts = lex.lexicon.text;

  const outcomeLabel = texts.outcome[outcome.resultClass];
  const quote = evidenceQuote(outcome, sentences);
  // French typography: a space before the colon and « » around the words quoted.
  const quoted = language === 'fr' ? `${outcomeLabel} : « ${quote} »` : `${outcomeLabel}: "${quote}"`;
  const call_results = quote ? quoted : `${outcomeLabel}.`;
  const call_summary = sentences.length
    ? writeSummary({ sentences, signals, prices: signals.pricing, outcome, rep, lex, language })
    : texts.noSummary;
  const score = leadScore(
    {
      resultClass: outcome.resultClass,
      painPoints: signals.painPoints.length,
      buyingSignals: signals.buyingSignals,
      objections: signals.objections.length,
      questions,
      rep,
      pricingDiscussed: signals.pricing.length > 0,
    },
    texts,
  );

  return {
    call_results,
    call_summary,
    questions: questions.map((q) => q.question),
    answers: questions.map((q) => q.answer),
    question_speakers: questions.map((q) => q.speaker),
    objections: signals.objections,
    pain_points: signals.painPoints,
    pricing_discussed: signals.pricing,
    result_class: outcome.resultClass,
    lead_score: score.score,
    lead_score_reasons: score.reasons,
    lead_score_factors: score.factors,
    analyzer: 'rules',
  };
}

export function createRulesAnalyzer(): Analyzer {
  return {
    name: 'rules',
    analyze: async (input, opts) => {
      opts?.signal?.throwIfAborted();
      return analyzeWithRules(input);
    },
  };
}

/** Longest answer quoted whole as the evidence of a result (words). */
const MAX_QUOTED_ANSWER_WORDS = 30;

/**
 * The words that show the result: a yes to a proposal with the whole answer, so what was agreed
 * stays with the yes ("Thursday at two works. Send me the invite."); otherwise the deciding sentence,
 * quoted from an earlier sentence of the same turn that carried a cue too. A quote that would grow
 * long is shortened to the sentences up to the deciding one, or that sentence alone.
 */
export function evidenceQuote(
  outcome: Pick<OutcomeDecision, 'evidence' | 'proposal' | 'cueSentences'>,
  sentences: readonly CallSentence[],
): string | null {
  const ev = outcome.evidence;
  if (!ev) return null;
  const turn = sentences.filter((s) => s.turnIndex === ev.turnIndex);
  const quote = (list: readonly CallSentence[]) => list.map((s) => s.text).join(' ');
  // A yes to a proposal: the whole answer ("Sure. Send the invite to my office manager too.").
  if (outcome.proposal && countWords(quote(turn)) <= MAX_QUOTED_ANSWER_WORDS) return quote(turn);
  const upTo = turn.filter((s) => s.index <= ev.index);
  const from = outcome.proposal ? 0 : upTo.findIndex((s) => outcome.cueSentences.has(s.index));
  if (from < 0) return ev.text;
  const whole = quote(upTo.slice(from));
  return countWords(whole) <= MAX_QUOTED_ANSWER_WORDS ? whole : ev.text;
}
