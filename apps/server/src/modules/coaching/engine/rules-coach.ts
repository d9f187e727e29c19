/**
 * The offline coach: rubric checks over the transcript and the conversation metrics.
 *
 * For each rubric element, the rep's questions (all questions when the rep cannot be told apart) are
 * matched against the element's cue phrases in the call's language; the first match is quoted as
 * evidence, a missing element gets what it is and an example question to try (the catalogue's texts in
 * the call's language, English where it has no French). Then one line per metric, against the
 * anchors of winning calls: talk ratio near 43:57 (rep:prospect), 11–14 questions, no monologue over
 * about 90 s, a short pause before replying. Every line is "Label: feedback".
 */
import type { CoachCatalogue, CoachingMethod, ConversationMetrics } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../../analysis/engine/language.js';
import { compiledLexicon } from '../../analysis/engine/rules/compiled-lexicon.js';
import { isQuestion } from '../../analysis/engine/rules/questions.js';
import { toTurns } from '../../analysis/engine/speakers.js';
import { normalizeForMatch, PhraseMatcher, splitSentences } from '../../analysis/engine/text.js';
import { rubricTexts } from './catalogue.js';
import { coachingContext } from './coaching-context.js';
import type { Coach, CoachInput } from './coaching-engine.js';

/** Anchors of the metric lines. */
export const COACHING_ANCHORS = {
  repTalkRatio: 0.43,
  /** Rep share above which the rep talks too much, below which the rep barely leads. */
  talkRatioHigh: 0.55,
  talkRatioLow: 0.3,
  questionsMin: 11,
  questionsMax: 14,
  monologueMaxSeconds: 90,
  patienceMinSeconds: 0.6,
} as const;

export type RubricCheck = { key: string; label: string; found: boolean; quote?: string; example?: string };

const matcherCache = new WeakMap<CoachingMethod, Map<string, PhraseMatcher<true>>>();

function cueMatcher(method: CoachingMethod, key: string, language: EngineLanguage): PhraseMatcher<true> {
  let byKey = matcherCache.get(method);
  if (!byKey) {
    byKey = new Map();
    matcherCache.set(method, byKey);
  }
  const id = `${key}:${language}`;
  let m = byKey.get(id);
  if (!m) {
    const element = method.rubric.find((r) => r.key === key);
    const cues = element?.cues?.[language] ?? [];
    m = new PhraseMatcher(cues.map((phrase) => ({ phrase, value: true as const })));
    byKey.set(id, m);
  }
  return m;
}

/** Which rubric elements the rep's questions show, with a quote for each one found. */
export function checkRubric(
  method: CoachingMethod,
  questions: readonly string[],
  language: EngineLanguage,
): RubricCheck[] {
  const normalized = questions.map((q) => normalizeForMatch(q));
  return method.rubric.map((element) => {
    const matcher = cueMatcher(method, element.key, language);
    const i = normalized.findIndex((q) => matcher.test(q));
    const { label, examples } = rubricTexts(element, language);
    const example = examples[0];
    return i >= 0
      ? { key: element.key, label, found: true, quote: questions[i] }
      : { key: element.key, label, found: false, example };
  });
}

const pct = (r: number) => Math.round(r * 100);
const secs = (s: number) => String(Math.round(s));

type Texts = {
  found: (label: string, quote: string) => string;
  missing: (label: string, what: string, example: string) => string;
  talk: (rep: number, verdict: 'high' | 'low' | 'ok') => string;
  questions: (n: number, verdict: 'low' | 'high' | 'ok') => string;
  monologue: (s: number, long: boolean) => string;
  patience: (s: number, short: boolean) => string;
  overall: (found: number, total: number, missing: string[]) => string;
};

const EN: Texts = {
  found: (label, quote) => `${label}: Done — "${quote}"`,
  missing: (label, what, example) => `${label}: Missing. ${what} Try: "${example}"`,
  talk: (rep, v) =>
    `Talk ratio: You talked ${rep}% of the time, the prospect ${100 - rep}%. ` +
    (v === 'high'
      ? 'Winning calls sit near 43:57 — ask more and let the prospect talk.'
      : v === 'low'
        ? 'The prospect did most of the talking, good; make sure you still steer the call (anchor 43:57).'
        : 'Close to the 43:57 anchor of winning calls.'),
  questions: (n, v) =>
    `Question count: You asked ${n} question${n === 1 ? '' : 's'}. ` +
    (v === 'low'
      ? 'Winning discovery calls have about 11–14; add situation and problem-awareness questions.'
      : v === 'high'
        ? 'Above 14 a call can feel like an interrogation; dig deeper into fewer answers.'
        : 'Right in the 11–14 range of winning calls.'),
  monologue: (s, long) =>
    `Longest monologue: ${s} s. ` +
    (long
      ? 'Keep any stretch under about 90 seconds and hand the conversation back with a question.'
      : 'Short enough to keep the prospect engaged.'),
  patience: (s, short) =>
    `Patience: You waited ${s} s on average before replying. ` +
    (short
      ? 'Pause a moment so the prospect can finish the thought.'
      : 'Unhurried, the prospect had room to finish.'),
  overall: (found, total, missing) =>
    `Overall: ${found} of ${total} question types heard.` +
    (missing.length
      ? ` Next call, work on: ${missing.join(', ')}.`
      : ' Keep the same structure on the next call.'),
};

/** A French decimal: "0,7" (French writes a comma where English writes a point). */
const virgule = (n: number) => String(n).replace('.', ',');

const FR: Texts = {
  found: (label, quote) => `${label} : présentes — « ${quote} »`,
  missing: (label, what, example) => `${label} : absentes. ${what} Essayez : « ${example} »`,
  talk: (rep, v) =>
    `Temps de parole : vous avez parlé ${rep} % du temps, le prospect ${100 - rep} %. ` +
    (v === 'high'
      ? 'Les appels gagnants sont proches de 43:57 — posez plus de questions et laissez parler le prospect.'
      : v === 'low'
        ? 'Le prospect a surtout parlé, bien ; gardez tout de même la direction de l’appel (repère 43:57).'
        : 'Proche du repère 43:57 des appels gagnants.'),
  questions: (n, v) =>
    `Nombre de questions : vous avez posé ${n} question${n > 1 ? 's' : ''}. ` +
    (v === 'low'
      ? 'Les appels de découverte gagnants en comptent 11 à 14 ; ajoutez des questions de situation et de problème.'
      : v === 'high'
        ? 'Au-delà de 14, l’appel peut ressembler à un interrogatoire ; creusez plutôt moins de réponses.'
        : 'Dans la plage 11–14 des appels gagnants.'),
  monologue: (s, long) =>
    `Plus long monologue : ${virgule(s)} s. ` +
    (long
      ? 'Restez sous 90 secondes environ et rendez la parole avec une question.'
      : 'Assez court pour garder le prospect engagé.'),
  patience: (s, short) =>
    `Patience : vous avez attendu ${virgule(s)} s en moyenne avant de répondre. ` +
    (short
      ? 'Marquez une pause pour laisser le prospect finir sa pensée.'
      : 'Rythme posé, le prospect a pu finir.'),
  overall: (found, total, missing) =>
    `Bilan : ${found} type${found > 1 ? 's' : ''} de questions sur ${total}.` +
    (missing.length
      ? ` Au prochain appel, travaillez : ${missing.join(', ')}.`
      : ' Gardez la même structure.'),
};

/** Metric lines against the anchors; time-based lines only when the segments carry times. */
export function metricLines(metrics: ConversationMetrics, language: EngineLanguage): string[] {
  const t = language === 'fr' ? FR : EN;
  const a = COACHING_ANCHORS;
  const rep = metrics.speakers.find((s) => s.speaker === metrics.rep_speaker);
  if (!rep) return [];
  const lines: string[] = [];
  const timed = metrics.total_duration > 0 && metrics.speakers.length > 1;
  if (timed) {
    const v = rep.talk_ratio > a.talkRatioHigh ? 'high' : rep.talk_ratio < a.talkRatioLow ? 'low' : 'ok';
    lines.push(t.talk(pct(rep.talk_ratio), v));
  }
  const q = rep.question_count;
  lines.push(t.questions(q, q < a.questionsMin ? 'low' : q > a.questionsMax ? 'high' : 'ok'));
  if (timed) {
    lines.push(
      t.monologue(
        Number(secs(rep.longest_monologue_seconds)),
        rep.longest_monologue_seconds > a.monologueMaxSeconds,
      ),
    );
    lines.push(
      t.patience(
        Math.round(metrics.patience_seconds * 10) / 10,
        metrics.patience_seconds < a.patienceMinSeconds,
      ),
    );
  }
  return lines;
}

/** The rubric lines, the metric lines and an overall line. */
export function rulesFeedback(
  method: CoachingMethod,
  questions: readonly string[],
  metrics: ConversationMetrics,
  language: EngineLanguage,
): string {
  const t = language === 'fr' ? FR : EN;
  const checks = checkRubric(method, questions, language);
  const lines = checks.map((c) => {
    if (c.found) return t.found(c.label, c.quote ?? '');
    const element = method.rubric.find((r) => r.key === c.key);
    const what = element ? rubricTexts(element, language).what : '';
    return t.missing(c.label, what, c.example ?? '');
  });
  lines.push(...metricLines(metrics, language));
  lines.push(
    t.overall(
      checks.filter((c) => c.found).length,
      checks.length,
      checks.filter((c) => !c.found).map((c) => c.label.toLowerCase()),
    ),
  );
  return lines.join('\n');
}

/** The rep's questions (everyone's when no rep is known), in call order. */
export function repQuestions(
  input: { segments: CoachInput['segments'] },
  rep: string | null,
  language: EngineLanguage,
): string[] {
  const lex = compiledLexicon(language);
  return toTurns(input.segments)
    .filter((turn) => rep === null || turn.speaker === rep)
    .flatMap((turn) => splitSentences(turn.text).filter((s) => isQuestion(s, lex)));
}

export function createRulesCoach(catalogue: CoachCatalogue): Coach {
  return {
    name: 'rules',
    coach: async (input, opts) => {
      opts?.signal?.throwIfAborted();
      const ctx = coachingContext(catalogue, input);
      const questions = repQuestions(ctx, ctx.metrics.rep_speaker, ctx.language);
      return rulesFeedback(ctx.method, questions, ctx.metrics, ctx.language);
    },
  };
}
