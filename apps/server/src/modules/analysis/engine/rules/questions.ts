/**
 * Questions and their answers. A sentence is a question when it ends with "?", or, when it has no
 * end punctuation at all (unpunctuated speech-to-text), when it opens with an interrogative ("how",
 * "do you", "est-ce que", "quel", "avez-vous"…) after discourse markers ("so", "alors"). One- or
 * two-word tags ("Right?", "Okay?", "Allô ?") are not questions. The answer to a question is the next
 * turn by another speaker; when a turn holds several questions, only the last one gets that answer.
 */
import type { Turn } from '../speakers.js';
import { countWords, normalizeForMatch, splitSentences, tokens } from '../text.js';
import type { CompiledLexicon } from './compiled-lexicon.js';

export type QuestionPair = { question: string; answer: string; speaker: string; turnIndex: number };

const TAGS = new Set([
  'right',
  'okay',
  'ok',
  'really',
  'sorry',
  'yeah',
  'yes',
  'no',
  'huh',
  'eh',
  'hello',
  'hi',
  'correct',
  'you',
  'know',
  'see',
  'hein',
  'allo',
  'oui',
  'non',
  'vrai',
  'pardon',
  'quoi',
  "c'est",
  'ca',
  "d'accord",
  'bonjour',
]);

const FRENCH_INVERSION = /^[\p{L}]+-(?:t-)?(?:vous|tu|ils?|elles?|on|nous)(?![\p{L}])/iu;

/** Whether one sentence is a question (see the module comment for the rule). */
export function isQuestion(sentence: string, lex: CompiledLexicon): boolean {
  const s = sentence.trim();
  if (!s) return false;
  const words = tokens(normalizeForMatch(s));
  if (words.length <= 2 && words.every((w) => TAGS.has(w))) return false;
  // "Don't call back, okay?", "On arrête là, hein ?": a statement with a tag asking for assent,
  // unless its body is a question itself ("Can you send it, okay?").
  const tagged = /^(.*\S)\s*,\s*(?:okay|ok|alright|all right|d'accord|hein)\s*\?["»”')\]]*$/iu.exec(s);
  if (tagged?.[1] && !lex.opener.test(normalizeForMatch(tagged[1])) && !/\?/u.test(tagged[1])) return false;
  if (/\?["»”')\]]*$/u.test(s)) return true;
  if (/[.!…]["»”')\]]*$/u.test(s)) return false;
  const norm = normalizeForMatch(s);
  if (lex.opener.test(norm)) return true;
  if (lex.lexicon.language === 'fr') {
    const lead = norm.length - norm.trimStart().length;
    return FRENCH_INVERSION.test(s.slice(lead).replace(/^[^\p{L}]+/u, ''));
  }
  return false;
}

const MAX_ANSWER_CHARS = 300;

/** The answer text: the turn's first sentences up to about 300 characters. */
function answerText(turn: Turn): string {
  const sentences = splitSentences(turn.text);
  let out = '';
  for (const s of sentences) {
    if (out && out.length + s.length + 1 > MAX_ANSWER_CHARS) return `${out} …`;
    out = out ? `${out} ${s}` : s;
  }
  return out;
}

/** A sentence of a turn, already classified as a question or not. */
export type ClassifiedSentence = { text: string; turnIndex: number; question: boolean };

/**
 * Questions in order, each with its asker and the next other-speaker turn as its answer, from the
 * call's sentences (classified once by the caller).
 */
export function extractQuestions(
  turns: readonly Turn[],
  sentences: readonly ClassifiedSentence[],
): QuestionPair[] {
  const out: QuestionPair[] = [];
  const byTurn = new Map<number, string[]>();
  for (const s of sentences) {
    if (!s.question) continue;
    byTurn.set(s.turnIndex, [...(byTurn.get(s.turnIndex) ?? []), s.text]);
  }
  for (const [t, qs] of byTurn) {
    const turn = turns[t];
    if (!turn) continue;
    const next = turns[t + 1];
    const answer = next && next.speaker !== turn.speaker ? answerText(next) : '';
    qs.forEach((q, i) => {
      out.push({
        question: q,
        answer: i === qs.length - 1 ? answer : '',
        speaker: turn.speaker,
        turnIndex: t,
      });
    });
  }
  return out;
}

/** Questions asked per speaker. */
export function questionCounts(turns: readonly Turn[], lex: CompiledLexicon): Map<string, number> {
  const counts = new Map<string, number>();
  for (const turn of turns) {
    const n = splitSentences(turn.text).filter((s) => isQuestion(s, lex)).length;
    counts.set(turn.speaker, (counts.get(turn.speaker) ?? 0) + n);
  }
  return counts;
}

/** True when an answer says something (four words or more), used for engagement scoring. */
export function isSubstantiveAnswer(answer: string): boolean {
  return countWords(answer) >= 4;
}
