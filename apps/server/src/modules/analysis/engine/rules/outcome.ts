/**
 * Result class from outcome cues, read in call order; the last relevant cue wins, so a refusal
 * followed by a booking is an appointment and "not now, call me back in June" is a follow-up.
 *
 * Rules, in order:
 *  - question–answer pairing: a proposal that ends a turn ("Can I show you a demo Thursday at two?",
 *    "Je vous propose une démonstration mardi") answered with a yes ("Sure.", "D'accord") books the
 *    meeting; a proposal to follow up ("Can I call you back next week?" / "Yes, please.") agrees to
 *    follow up; the evidence is the answer;
 *  - such a proposal answered with a plain no ("Could I check back next year?" / "No, I'd rather you
 *    didn't.") refuses the next step: not interested, unless a meeting is already booked;
 *  - other cues inside questions do not count ("Would you like to book a demo?" proposes, it does not
 *    agree);
 *  - a negated rejection cue is ignored ("it's not that I'm not interested");
 *  - a negated interest or follow-up cue is a rejection ("not interested", "don't call me back");
 *    a negated booking cue is ignored ("we haven't scheduled anything yet");
 *  - once an appointment is booked, later follow-up or rejection cues do not undo it (a booked call
 *    usually ends with "I'll send you a follow-up email" or "no, that's all, thanks"); only an explicit
 *    cancellation ("cancel the meeting") does;
 *  - voicemail / wrong-number cues only name the evidence of an "other" call; no cue at all → other;
 *  - how the call ends (`outcome-endings.ts`, ADR 038, 039): a refusal closing a pitch or a
 *    permission taken back is "not interested"; a date held is a follow-up, not a booking; a
 *    condition ("if anything changes, call us") agrees nothing; a message taken for someone absent,
 *    a wrong number, an existing customer's support or billing call or a dropped line is no sales
 *    outcome; a goodbye naming an agreed callback's day does not book a meeting;
 *  - said in other words (ADR 042): a permission that shrugs the offer off ("send whatever you
 *    want. We're fine.") refuses; "I'd rather you didn't" is a no; a voicemail greeting's own "we'll
 *    call you back" agrees nothing; "they call me" is someone else's call; a date kept "until" a day
 *    ("je vous garde la salle jusqu'à vendredi") is held, not booked, also when the day is said back.
 */
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';
import { isNegated } from '../text.js';
import type { CompiledLexicon } from './compiled-lexicon.js';
import {
  CANCELLATION_CONFIRMED,
  CHURN,
  CONDITION,
  DAY,
  clockHour,
  FAREWELL,
  NO_ROOM,
  NO_BEFORE_REFUSAL,
  NO_WORD,
  PASSES_ON,
  PERMISSION_TAKEN_BACK,
  TENTATIVE,
  TIME_OF_DAY,
  WRONG_PERSON,
  answersNothingElse,
  closingRefusal,
  dismissed,
  cutOffAt,
  earlyInLongCall,
  lockedInWithoutTime,
  messageTaken,
  serviceCall,
} from './outcome-endings.js';
import type { CallSentence } from './signals.js';

/** A third person just before a cue ("they call me", "customers call us"). */
const THIRD_PERSON =
  /(?:^|\s)(?:they|he|she|people|customers|clients|everybody|everyone|nobody|who|ils|elles)\s+$/u;

export type OutcomeDecision = {
  resultClass: CallResultClass;
  /** The sentence of the cue that decided the class, when there is one. */
  evidence: CallSentence | null;
  /** When the class came from a yes to a proposal: the proposal (its day, time and kind of meeting). */
  proposal: CallSentence | null;
  /** Sentences that carried any counted cue (used by the summary). */
  cueSentences: Set<number>;
};

/** "No need to follow up", "pas besoin de me rappeler": the next step named is refused. */
const NO_NEED_BEFORE = /(?:no need to|pas besoin de)\s*(?:me |nous )?$/u;

/**
 * A request put as a question ("can you take us off your list, please?", "pourriez-vous me retirer de
 * votre liste ?"): an imperative in polite form, read as a statement for the refusals it says.
 */
const POLITE_REQUEST =
  /^(?:(?:and|so|ok|okay|well|but|et|alors|bon)\s+)?(?:(?:can|could|would|will)\s+you|(?:pouvez|pourriez)\s+vous|(?:est ce que )?vous (?:pouvez|pourriez))(?![\p{L}])/u;

export function decideOutcome(
  sentences: readonly CallSentence[],
  lex: CompiledLexicon,
  language: EngineLanguage,
  rep: string | null = null,
): OutcomeDecision {
  let resultClass: CallResultClass = 'other';
  let evidence: CallSentence | null = null;
  let otherEvidence: CallSentence | null = null;
  let proposal: CallSentence | null = null;
  let wrongPerson = false;
  /** The prospect whose refusal (a lexicon cue) set the class last, when the rep is known. */
  let refusedBy: string | null = null;
  /** Whether the customer asked to cancel what he has (`CHURN`), and the class still says so. */
  let churned = false;
  /** The last day said back that decided, with the turn it answered. */
  let echo: { answer: CallSentence; turn: CallSentence[] } | null = null;
  const cueSentences = new Set<number>();
  const lastTurn = sentences.at(-1)?.turnIndex ?? 0;
  // A voicemail greeting's own promise ("leave your name and number, we'll call you back") agrees
  // nothing with anyone: the other cues of its turn do not count.
  const outcomeHits = sentences.map((x) => lex.outcomes.findAll(x.norm));
  const greetingTurns = new Set(
    sentences
      .filter((x) => outcomeHits[x.index]?.some((h) => h.value === 'other' && !WRONG_PERSON.test(h.phrase)))
      .map((x) => x.turnIndex),
  );

  for (const s of sentences) {
    const echoed = echoedTime(s, sentences, lex);
    // A day said back in the first half of a long call is a fact exchanged ("He's away until
    // Thursday"), not a booking: the class is how the call ends.
    if (echoed === 'appointment' && earlyInLongCall(s, lastTurn)) continue;
    if (echoed) {
      cueSentences.add(s.index);
      if (!(resultClass === 'appointment' && echoed !== 'appointment')) {
        resultClass = echoed;
        evidence = s;
        proposal = null;
        echo = { answer: s, turn: sentences.filter((x) => x.turnIndex === s.turnIndex - 1) };
      }
      continue;
    }
    const declined = proposalDeclined(s, sentences, lex, language);
    if (declined && resultClass !== 'appointment') {
      // "Could I check back next year?" / "No, I'd rather you didn't.": the next step is refused.
      cueSentences.add(declined.index);
      resultClass = 'not_interested';
      evidence = declined;
      proposal = null;
      continue;
    }
    const proposed = proposalAccepted(s, sentences, lex, language);
    if (proposed) {
      cueSentences.add(proposed.answer.index);
      if (!(resultClass === 'appointment' && proposed.cue !== 'appointment')) {
        resultClass = proposed.cue;
        evidence = proposed.answer;
        proposal = s;
      }
      continue;
    }
    // "Can you take us off your list, please?": a request put as a question still refuses; any other
    // question agrees or refuses nothing.
    const request = s.question && POLITE_REQUEST.test(s.norm);
    if (s.question && !request) continue;
    // "I need to cancel my membership": a customer leaving declines to go further.
    const churn = s.question ? null : CHURN.exec(s.norm);
    if (churn && resultClass !== 'appointment' && !CONDITION.test(s.norm.slice(0, churn.index))) {
      cueSentences.add(s.index);
      resultClass = 'not_interested';
      evidence = s;
      proposal = null;
      churned = true;
      continue;
    }
    // "You can, but we won't be using it": a permission taken back is a refusal, and so is one that
    // shrugs the offer off ("You can send whatever you want. We're fine.").
    if (
      !s.question &&
      resultClass !== 'appointment' &&
      (PERMISSION_TAKEN_BACK.test(s.norm) || dismissed(s, sentences))
    ) {
      cueSentences.add(s.index);
      resultClass = 'not_interested';
      evidence = s;
      proposal = null;
      continue;
    }
    for (const hit of outcomeHits[s.index] ?? []) {
      const negated =
        (!(hit.value === 'not_interested' && refusalSaidOver(s.norm, hit, language)) &&
          isNegated(s.norm, hit.start, hit.end, language, s.text)) ||
        NO_NEED_BEFORE.test(s.norm.slice(0, hit.start));
      let cue: CallResultClass | 'cancellation' | null;
      switch (hit.value) {
        case 'interest':
          cue = negated ? 'not_interested' : null;
          break;
        case 'follow_up':
          cue = negated ? 'not_interested' : 'follow_up';
          break;
        case 'appointment':
          cue = negated ? null : 'appointment';
          break;
        default:
          cue = negated ? null : hit.value;
      }
      if (cue === null || (request && cue !== 'not_interested')) continue;
      // "I'll give you a ring Thursday at two." / "Thursday at two works.": a time accepted for a
      // callback the other side proposed sets the callback, a follow-up (the labelling guide's rule);
      // "see you Friday" after a booking is a farewell to a meeting, not a callback.
      if (
        cue === 'appointment' &&
        hit.phrase.includes('{') &&
        !FAREWELL.test(hit.phrase) &&
        answersCallback(s, sentences, lex)
      )
        cue = 'follow_up';
      if (cue !== 'other' && greetingTurns.has(s.turnIndex)) continue;
      // "They call me at eleven at night": someone else's calls, not a callback agreed.
      if (cue === 'follow_up' && THIRD_PERSON.test(s.norm.slice(0, hit.start))) continue;
      // "If anything changes, give us a call": a door left open under a condition agrees nothing.
      if ((cue === 'follow_up' || cue === 'appointment') && CONDITION.test(s.norm.slice(0, hit.start)))
        continue;
      // "Talk Thursday" / "À jeudi." after a callback set for Thursday: the goodbye repeats the
      // follow-up, it does not book a meeting.
      if (cue === 'appointment' && resultClass === 'follow_up' && FAREWELL.test(hit.phrase)) {
        const day = DAY.exec(s.norm)?.[1];
        // Said in an earlier sentence: a callback and the farewell in one sentence do not repeat.
        if (day && [evidence, proposal].some((x) => x && x !== s && DAY.exec(x.norm)?.[1] === day)) continue;
      }
      // "Our crews are booked out three weeks", "we're locked in" (a contract): no booking.
      if (
        cue === 'appointment' &&
        (NO_ROOM.test(s.norm.slice(hit.start)) || lockedInWithoutTime(hit.phrase, s.norm))
      )
        continue;
      // "Jusqu'à jeudi" (until Thursday) is not "à jeudi" (see you Thursday).
      if (cue === 'appointment' && /jusqu'?\s*$/u.test(s.norm.slice(0, hit.start))) continue;
      // "Anything else?" / "No, thanks.": closing courtesy, not a refusal.
      if (cue === 'not_interested' && answersNothingElse(s, sentences)) continue;
      cueSentences.add(s.index);
      if (cue === 'other') {
        otherEvidence ??= s;
        if (WRONG_PERSON.test(hit.phrase)) wrongPerson = true;
        continue;
      }
      // "Take me off for this year." / "Fair enough, I'll check in next year.": after the prospect
      // refused, the rep's own promise to come back agrees nothing (the labelling guide: not
      // interested "even when the rep says he will send something anyway").
      if (cue === 'follow_up' && resultClass === 'not_interested' && refusedBy !== null && s.speaker === rep)
        continue;
      // "You'll get a confirmation email": after a customer cancels, the cancellation confirmed.
      if (churned && resultClass === 'not_interested' && CANCELLATION_CONFIRMED.test(s.norm)) continue;
      // "I'll pass it on" takes a message; it does not pass on the offer.
      if (cue === 'not_interested' && PASSES_ON.test(s.norm.slice(hit.start))) continue;
      if (cue === 'cancellation') {
        if (resultClass === 'appointment') {
          resultClass = 'not_interested';
          evidence = s;
        }
        continue;
      }
      if (resultClass === 'appointment' && cue !== 'appointment') continue;
      // A booking word in the first half of the call describes the prospect's day ("our dock
      // appointments are booked out", "we double booked the tent"): the class is how the call ends.
      if (cue === 'appointment' && earlyInLongCall(s, lastTurn)) continue;
      resultClass = cue;
      evidence = s;
      proposal = null;
      // A refusal said as one ("take me off", "not interested"), not a negated next step, whose
      // negation may belong to something else ("not dumb, ok, send me something").
      const saidAsRefusal = hit.value === 'not_interested' || hit.value === 'interest';
      refusedBy =
        cue === 'not_interested' && saidAsRefusal && rep !== null && s.speaker !== rep ? s.speaker : null;
    }
  }
  // "I can pencil you in for the third, no commitment": a date held while the prospect decides is a
  // follow-up, not a booked meeting.
  // When a day said back decided, the turn it answered may hold the date ("je vous garde … jusqu'à").
  const decidedBy = echo && echo.answer === evidence ? echo.turn : [];
  if (
    resultClass === 'appointment' &&
    [evidence, proposal, ...decidedBy].some((x) => x && TENTATIVE.test(x.norm))
  ) {
    resultClass = 'follow_up';
  }
  // A wrong number's "not for me", or a message left with whoever picked up ("I'll put it on her
  // desk"): no sales outcome with the decision maker, whatever was said on the way. An existing
  // customer's support or billing call has none either, even with a technician's visit booked.
  const noSalesOutcome =
    (resultClass !== 'appointment' && (wrongPerson || messageTaken(sentences))) ||
    (serviceCall(sentences) && !(churned && resultClass === 'not_interested'));
  if (noSalesOutcome) {
    resultClass = 'other';
    evidence = null;
    proposal = null;
  }
  // "You're breaking up… I'll call you back": a call cut off has no sales outcome, whatever its last
  // words promise.
  if (resultClass !== 'other' && evidence && cutOffAt(sentences, evidence)) {
    resultClass = 'other';
    evidence = null;
    proposal = null;
  }
  if (resultClass === 'other') {
    // "Ours are three bucks a card." / "Nah." — a pitch answered with a refusal at the end of the call;
    // not where nobody could refuse (a wrong number, a message taken, a customer's own call).
    const refusal = noSalesOutcome ? null : closingRefusal(sentences);
    if (refusal) {
      cueSentences.add(refusal.index);
      return { resultClass: 'not_interested', evidence: refusal, proposal: null, cueSentences };
    }
    evidence = otherEvidence;
  }
  return { resultClass, evidence, proposal, cueSentences };
}

/**
 * The other speaker's answer to `s`: the first sentence of the next turn, when `s` ends its turn, or
 * when `s` is a question followed in its turn only by statements that propose nothing ("Can I send
 * you both options? And I'll hold the date till Friday." / "Yes, please.").
 */
function answerTo(
  s: CallSentence,
  sentences: readonly CallSentence[],
  lex: CompiledLexicon,
): CallSentence | null {
  let k = s.index + 1;
  while (sentences[k]?.turnIndex === s.turnIndex) {
    const after = sentences[k];
    if (!s.question || !after || after.question || lex.proposals.test(after.norm)) return null;
    k++;
  }
  const answer = sentences[k];
  if (!answer || answer.turnIndex !== s.turnIndex + 1 || answer.speaker === s.speaker) return null;
  return answer;
}

/**
 * A proposal that the other speaker accepts: `s` ends its turn, holds a proposal form ("can I", "how
 * about", "je vous propose") and a meeting (noun, day or time) or a follow-up cue, and the next
 * turn opens with a yes that no refusal takes back.
 */
function proposalAccepted(
  s: CallSentence,
  sentences: readonly CallSentence[],
  lex: CompiledLexicon,
  language: EngineLanguage,
): { cue: 'appointment' | 'follow_up'; answer: CallSentence } | null {
  const answer = answerTo(s, sentences, lex);
  if (!answer) return null;
  if (!lex.affirmation.test(answer.norm) || negatedAnswer(answer, lex, language)) return null;
  // "So I'll call you back Monday morning?": a plan said as a question proposes it too.
  if (!lex.proposals.test(s.norm) && !(s.question && PLAN_ASKED.test(s.norm))) return null;
  // "Can I email you a written estimate?": offering to send something sets a follow-up, whatever it names.
  if (SENDING.test(s.norm)) return { cue: 'follow_up', answer };
  const cues = lex.outcomes
    .findAll(s.norm)
    .filter((h) => !isNegated(s.norm, h.start, h.end, language, s.text));
  const meeting = lex.meetings.findAll(s.norm);
  // "Can I call you next Tuesday to go over it?": a day or time for a callback, with no meeting named,
  // sets a follow-up (the labelling guide's rule: a callback with a date is not a meeting).
  const onlyWhen = meeting.length > 0 && meeting.every((h) => h.phrase.includes('{'));
  if (onlyWhen && cues.some((h) => h.value === 'follow_up') && !cues.some((h) => h.value === 'appointment'))
    return { cue: 'follow_up', answer };
  if (meeting.length) return { cue: 'appointment', answer };
  if (cues.some((h) => h.value === 'appointment')) return { cue: 'appointment', answer };
  if (cues.some((h) => h.value === 'follow_up')) return { cue: 'follow_up', answer };
  return null;
}

/** "I'll" / "we'll" / "je vous" + a verb: a plan, a proposal when said as a question. */
const PLAN_ASKED =
  /(?<![\p{L}])(?:(?:i|we)(?:'ll| ll| will)|je vous (?:rappelle|recontacte|envoie))(?![\p{L}])/u;

/** Offering to send something: "email you", "send you", "text you over", "vous envoyer", "vous l'envoie". */
const SENDING =
  /(?<![\p{L}])(?:(?:e-?mail(?:ed)?|send|sent|text(?:ed)?|mail(?:ed)?|shoot)\s+(?:you|it|them|that|this|over|an?|the|some|our|both|those|these)|vous\s+(?:l'|les\s+|le\s+|la\s+)?(?:envoyer|envoie|envoyez|envoyais|enverrai|enverrais|ecrire|ecris|transmettre|transmets)|(?:envoyer|transmettre)\s+(?:un|une|le|la|les|des|nos|notre))(?![\p{L}])/u;

/** A plain no opening an answer ("No.", "Nope, thanks", "Non merci"), not "no problem" or "no worries". */
const PLAIN_NO = new RegExp(
  // "Can I check back in the summer?" / "I wouldn't." ("I wouldn't mind" says yes).
  String.raw`^\s*(?:${NO_WORD}|i'?d rather (?:you )?(?:not|didn'?t)|i wouldn'?t(?!\s+mind)|je prefere(?:rais)? pas|j'aimerais mieux pas)`,
  'u',
);

/**
 * A proposal of a next step (a meeting or a follow-up, in a proposal form, ending its turn) that the
 * other speaker answers with a plain no: the answer, or null.
 */
function proposalDeclined(
  s: CallSentence,
  sentences: readonly CallSentence[],
  lex: CompiledLexicon,
  language: EngineLanguage,
): CallSentence | null {
  const answer = answerTo(s, sentences, lex);
  if (!answer) return null;
  if (!PLAIN_NO.test(answer.norm) || !lex.proposals.test(s.norm)) return null;
  const next = lex.outcomes
    .findAll(s.norm)
    .filter((h) => !isNegated(s.norm, h.start, h.end, language, s.text))
    .some((h) => h.value === 'appointment' || h.value === 'follow_up');
  return next || lex.meetings.test(s.norm) ? answer : null;
}

/**
 * Whether `s` answers a callback proposed in the other speaker's turn just before it (a follow-up
 * cue there), with no meeting named in either ("a demo", "the visit").
 */
function answersCallback(s: CallSentence, sentences: readonly CallSentence[], lex: CompiledLexicon): boolean {
  const before = sentences.filter((x) => x.turnIndex === s.turnIndex - 1 && x.speaker !== s.speaker);
  if (!before.some((x) => lex.outcomes.findAll(x.norm).some((h) => h.value === 'follow_up'))) return false;
  return ![s, ...before].some((x) => lex.meetings.findAll(x.norm).some((h) => !h.phrase.includes('{')));
}

/**
 * A day and time said back ("Monday at seven thirty, before the tenants open?" / "Monday at seven
 * thirty."): the first sentence of a turn that opens with a day or a time (`meetings` placeholders)
 * naming the day the other speaker's previous turn named. It books a meeting, or agrees to follow up
 * when the previous turn asked for a callback ("Call me Thursday at four" / "Thursday at four.").
 */
function echoedTime(
  s: CallSentence,
  sentences: readonly CallSentence[],
  lex: CompiledLexicon,
): 'appointment' | 'follow_up' | null {
  const prev = sentences[s.index - 1];
  if (!prev || prev.turnIndex !== s.turnIndex - 1 || prev.speaker === s.speaker) return null;
  const lead = s.norm.trimStart();
  const offset = s.norm.length - lead.length;
  const first = lex.meetings.findAll(s.norm)[0];
  if (!first || first.start > offset + 12 || !first.phrase.includes('{')) return null;
  const day = DAY.exec(s.norm)?.[1];
  const previousTurn = sentences.filter((x) => x.turnIndex === prev.turnIndex);
  // The day said back, or the hour: "Morning. Ten o'clock." / "Wednesday the ninth at ten, building
  // C." repeats the hour the other chose for the day proposed before.
  const hour = clockHour(s.norm);
  const saidBack = previousTurn.some(
    (x) => DAY.exec(x.norm)?.[1] === day || (!!hour && clockHour(x.norm) === hour),
  );
  if (!day || !saidBack) return null;
  // The day answers a proposal or a time ("Thursday at four?"), not a question about the days
  // ("Seven days, even Sunday?" / "Even Sunday, in season.").
  const proposed = sentences
    .filter((x) => x.turnIndex === prev.turnIndex || x.turnIndex === prev.turnIndex - 1)
    .some(
      (x) =>
        !!x &&
        (lex.proposals.test(x.norm) ||
          lex.meetings.findAll(x.norm).some((h) => h.phrase !== '{day}') ||
          TIME_OF_DAY.test(x.norm) ||
          lex.outcomes.findAll(x.norm).some((h) => h.value === 'follow_up')),
    );
  if (!proposed) return null;
  // What the day answers: the previous turn, and the proposal before it ("Je vous rappelle en fin de
  // semaine ?" / "Vendredi, oui." / "Parfait, vendredi.").
  const proposalTurns = sentences.filter(
    (x) => x.turnIndex === prev.turnIndex || (x.turnIndex === prev.turnIndex - 1 && x.speaker === s.speaker),
  );
  const callback = proposalTurns.some((x) =>
    lex.outcomes.findAll(x.norm).some((h) => h.value === 'follow_up'),
  );
  return callback ? 'follow_up' : 'appointment';
}

/** A yes taken back in the same sentence ("Yes, but not interested", "Oui, non merci"). */
function negatedAnswer(answer: CallSentence, lex: CompiledLexicon, language: EngineLanguage): boolean {
  return lex.outcomes
    .findAll(answer.norm)
    .some(
      (h) =>
        h.value === 'not_interested' ||
        (h.value === 'interest' && isNegated(answer.norm, h.start, h.end, language, answer.text)),
    );
}

/**
 * Whether the negation words around a refusal belong to it rather than negate it: French "ne" with
 * the refusal's own "pas" ("ça ne m'intéresse pas", "je ne suis pas intéressé", "ne me rappelez
 * pas"), or a bare no said before it (`NO_BEFORE_REFUSAL`).
 */
function refusalSaidOver(
  norm: string,
  hit: { start: number; phrase: string },
  language: EngineLanguage,
): boolean {
  const before = norm.slice(0, hit.start);
  if (NO_BEFORE_REFUSAL.test(before)) return true;
  return (
    language === 'fr' &&
    (/(?:^|\s)(?:ne|n')\s*$/u.test(before) ||
      /^(?:pas|plus|jamais)\s/u.test(hit.phrase) ||
      /\s(?:pas|plus|jamais)$/u.test(hit.phrase))
  );
}
