/**
 * How a call ends, for the result class (`outcome.ts`): a refusal that closes a pitch, a permission
 * taken back, a date held rather than booked, a door left open under a condition, a message taken
 * for someone absent, a goodbye naming an agreed day, the line dropping. Each pattern says why it
 * exists; they are general ways of ending a call, English and French, not phrases of labelled calls.
 */
import { callSpeaksOfMoney } from './price-context.js';
import type { CallSentence } from './signals.js';

/** "No", "nope", "nah", "non" as a word, not "no problem" or "no worries" (pattern source). */
export const NO_WORD = String.raw`(?:no|nope|nah|non)(?![\p{L}'])(?!\s+(?:problem|problems|worries|worry|sweat|doubt|rush|question|questions|bother|probleme|soucis?)(?![\p{L}]))`;

/**
 * What, right before a refusal, says it again rather than negating it: a bare no, or "not now"
 * ("yeah no I'm good thanks", "nah it's a no", "not now I'm good thanks"). Speech-to-text leaves out
 * the comma that `isNegated` looks for.
 */
export const NO_BEFORE_REFUSAL = new RegExp(
  String.raw`(?:^|\s)(?:${NO_WORD}|not now|not today|not right now|pas maintenant)\s*$`,
  'u',
);

/**
 * A refusal that opens an answer: a plain no, or "we're good", "I'd rather not", "I'll pass", "ça ira";
 * fillers may come first ("yeah no", "ouais non", "franchement non").
 */
const REFUSAL_OPENING = new RegExp(
  String.raw`^\s*(?:(?:yeah|well|honestly|look|ok|okay|um|uh|euh|bof|ben|ouais|franchement)[\s,]+)*(?:${NO_WORD}` +
    String.raw`|we'?re good|we good|were good|i'?m good|i am good|we'?re all set|i'?m all set|i'?d rather (?:you )?(?:not|didn'?t)|not for us|i'?ll pass|we'?ll pass|pas pour nous|je vais passer|on va passer|on est correct|ca ira|ca va aller)`,
  'u',
);
/**
 * A refusal that closes an answer: "That's kind of you, but no.", "Appreciate it, but no.", "merci
 * hein, mais non", "we really don't need it". Why: the polite form puts the thanks first and the no
 * last, where `REFUSAL_OPENING` does not look; "no need" said of the offer itself ends a pitch as a
 * no does.
 */
const REFUSAL_CLOSING =
  /(?:(?:^|\s)but no|(?:^|\s)(?:merci|gentil)(?:[\s,]+[\p{L}']+){0,3}[\s,]+mais non|(?:i|we) (?:(?:really|just|honestly|truly) )?(?:don'?t|do not) (?:(?:really|even) )?need (?:it|that|this|one|them))\s*$/u;

/**
 * A question that proposes a next step or the offer itself, not one that asks for someone ("can I
 * speak to the owner?"): "would a trial make sense", "can I send you", "are you open to". Not the
 * lexicon's `proposals`, which decide whether a next step was accepted: their "can I" also asks for
 * someone, and their wildcards span three words at most.
 */
const OFFERED =
  /(?:(?:would|could|can|may|shall) (?:i|we) (?:send|book|schedule|set up|come|stop by|drop|show|email|mail|quote|put together|give you a quote)|would (?:a|an|it|that|this) [\p{L}' -]{0,40}(?:make sense|help|interest you|be of interest|work for you)|(?:are|would) you (?:be )?(?:interested|open to)|(?:do|would) you want (?:me|us) to|est-ce que (?:je|on) (?:peut|pourrait) vous (?:envoyer|proposer|montrer)|(?:je|on) (?:peux|peut|pourrais|pourrait) vous (?:envoyer|proposer|montrer)|seriez-vous (?:interesse|ouvert))/u;

/** "No, that's all": the answer to "anything else?", which closes a call without refusing anything. */
const NOTHING_ELSE =
  /(?:that'?s (?:it|all)|nothing else|all good|c'est tout|rien d'autre|anything else|autre chose)/u;

/**
 * The refusal that ends a sales call with no other outcome: in the call's last four turns, an answer
 * that opens with a refusal, in a call where money was spoken of or to a question that proposes
 * something (`OFFERED`): an offer was made. A wrong number's or a gatekeeper's "no, he's out" is not
 * a refusal of anything.
 */
export function closingRefusal(sentences: readonly CallSentence[]): CallSentence | null {
  const lastTurn = sentences.at(-1)?.turnIndex ?? 0;
  const money = callSpeaksOfMoney(sentences);
  for (let i = sentences.length - 1; i > 0; i--) {
    const s = sentences[i];
    const prev = sentences[i - 1];
    if (!s || !prev || s.turnIndex < lastTurn - 3) break;
    if (prev.turnIndex !== s.turnIndex - 1 || prev.speaker === s.speaker) continue;
    // An offer was made: money was spoken of, or the answer is to a proposal ("Would a one-time
    // cleaning make sense?" / "No. Appreciate it, but no.").
    if (!money && !(prev.question && OFFERED.test(prev.norm))) continue;
    const refuses = REFUSAL_OPENING.test(s.norm) || REFUSAL_CLOSING.test(s.norm);
    if (refuses && !NOTHING_ELSE.test(s.norm) && !NOTHING_ELSE.test(prev.norm)) return s;
  }
  return null;
}

/** A time of day: digits, "a.m.", "noon", "afternoon", "heures", "midi", "en fin de journée". */
export const TIME_OF_DAY =
  /(?:\d|(?<![\p{L}])(?:a m|p m|pm|noon|morning|afternoon|evening|o'clock|heures?|midi|matin|apres[- ]midi|soir|fin de journee)(?![\p{L}]))/u;

/**
 * A clock hour said as one ("ten o'clock", "at ten", "10 am", "dix heures", "à dix heures"),
 * captured: the hour a day and time said back must share with the turn it answers.
 */
export const CLOCK_HOUR =
  /(?<![\p{L}\p{N}])(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|midi|\d{1,2})(?: (?:o'clock|oclock|am|pm|a m|p m|heures?|h)|h\d{0,2})(?![\p{L}])|(?<![\p{L}])at (one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})(?![\p{L}\p{N}])/u;

/** The hour of a clock time in `norm`, or undefined (see `CLOCK_HOUR`). */
export function clockHour(norm: string): string | undefined {
  const m = CLOCK_HOUR.exec(norm);
  return m?.[1] ?? m?.[2];
}

/** A weekday or a relative day, captured without its plural "s" ("Thursdays" → "thursday"). */
export const DAY =
  /(?<![\p{L}])(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain)s?(?![\p{L}])/u;

/**
 * In the first half of a call of eight turns or more: where booking words and days describe the
 * prospect's situation rather than settle the outcome (the class is how the call ends).
 */
export function earlyInLongCall(s: CallSentence, lastTurn: number): boolean {
  return lastTurn >= 8 && s.turnIndex < lastTurn / 2;
}

/**
 * A condition opening the clause before a cue: "if anything changes, call us", "si jamais vous
 * changez d'avis, rappelez-nous", "in case you need us".
 */
export const CONDITION = /(?:^|[\s,])(?:if|in case|unless|si|s'il|au cas ou)\s[^.;]*$/u;

/** Goodbyes that name the day already agreed ("see you Thursday", "à jeudi", "on se voit lundi"). */
export const FAREWELL = /^(?:see you|talk to you|a \{day\}|on se voit)/u;

/**
 * An answer that grants a permission and takes it back: "you can, but I wouldn't count on it", "if
 * you want, but we won't call back", "oui si vous voulez mais on ne rappellera pas", also after its
 * verb ("you can send it, but I wouldn't hold your breath", "vous pouvez l'envoyer, mais…").
 */
export const PERMISSION_TAKEN_BACK =
  /^\s*(?:(?:um|uh|well|i mean|sure|yes|yeah|oui|euh|ben|bon)[\s,]+)*(?:you can|you could|if you want|tu peux|vous pouvez|si vous voulez|si tu veux)(?:\s+(?:send|email|e-mail|mail|leave|drop|post|try|call|ring)(?:\s+(?:it|that|them|one|something|me something|back))?|\s+(?:l'|me l'|nous l')?(?:envoyer|laisser|poster))?[\s,]+(?:but|mais)\s[^.?!]*(?<![\p{L}'])(?:not|no|won'?t|wouldn'?t|don'?t|never|pas|jamais|rien)(?![\p{L}'])/u;

/**
 * A permission that shrugs the offer off: "you can send whatever you want", "leave whatever you
 * like", "envoyez ce que vous voulez". It refuses when the turn then says no or that the prospect is
 * fine as he is (`dismissed`).
 */
const WHATEVER_YOU_WANT =
  /(?:you can|you could|feel free to) (?:send|leave|mail|email|drop off)(?: me| us)? (?:whatever|anything) (?:you want|you like)|(?:vous pouvez|tu peux) (?:m'|nous )?(?:envoyer|laisser) (?:ce que vous voulez|ce que tu veux|tout ce que vous voulez)|envoyez(?: moi| nous)? (?:ce que|tout ce que) vous voulez/u;
const TURNS_IT_DOWN =
  /(?<![\p{L}'])(?:not|won'?t|don'?t|never|nothing|happy with|we'?re fine|i'?m fine|we'?re good|i'?m good|pas|jamais|rien|on est correct|on est bien)(?![\p{L}'])/u;

/** Whether `s` shrugs the offer off ("You can send whatever you want. I'm not going to do anything with it."). */
export function dismissed(s: CallSentence, sentences: readonly CallSentence[]): boolean {
  const m = WHATEVER_YOU_WANT.exec(s.norm);
  if (!m) return bareLeaveShrugged(s, sentences);
  if (TURNS_IT_DOWN.test(s.norm.slice(m.index + m[0].length))) return true;
  return TURNS_IT_DOWN.test(nextInTurn(s, sentences)?.norm ?? '');
}

/** The sentence after `s` in the same turn, if any. */
function nextInTurn(s: CallSentence, sentences: readonly CallSentence[]): CallSentence | undefined {
  const next = sentences[s.index + 1];
  return next?.turnIndex === s.turnIndex ? next : undefined;
}

/** A short permission that grants only: "You can email it.", "Sure, you can try.", "Vous pouvez l'envoyer." */
const BARE_PERMISSION =
  /^\s*(?:(?:um|uh|well|sure|yes|yeah|ok|okay|oui|euh|ben|bon)\s+)*(?:you can|you could|feel free to|tu peux|vous pouvez)(?:\s+[\p{L}']+){0,4}\s*$/u;
/**
 * Words that say the thing allowed will come to nothing: "I probably won't read it", "I wouldn't
 * count on it", "don't hold your breath", "je ne le lirai pas". Why: a permission followed by them
 * is a polite no, as "you can, but…" is (`PERMISSION_TAKEN_BACK`).
 */
const COMES_TO_NOTHING =
  /(?<![\p{L}'])(?:(?:won'?t|will not|not going to|not gonna|never) (?:read|look at|open)|wouldn'?t (?:count on|hold your breath)|don'?t hold your breath|doubt (?:it|i'?ll|we'?ll|he'?ll|she'?ll|they'?ll)|(?:ne )?(?:le |la |les )?lirai (?:pas|probablement pas|jamais)|comptez pas (?:trop )?dessus)(?![\p{L}'])/u;

/** A bare permission ("You can email it.") with, in the same turn, words that it will come to nothing. */
function bareLeaveShrugged(s: CallSentence, sentences: readonly CallSentence[]): boolean {
  return BARE_PERMISSION.test(s.norm) && COMES_TO_NOTHING.test(nextInTurn(s, sentences)?.norm ?? '');
}

/**
 * A date held, not booked: "pencil you in", "hold the date", "tentatively", "sans engagement", "je
 * vous garde le chalet jusqu'à dimanche".
 */
export const TENTATIVE =
  /(?<![\p{L}])(?:pencil|hold (?!on(?![\p{L}]))|holding (?!on(?![\p{L}]))|put a hold|tentative|no commitment|sans engagement|en attendant|provisoire|sous reserve|(?:je|on) vous (?:le |la |les )?(?:garde|reserve) [^.?!]*jusqu)/u;

/** The voicemail and wrong-number cues that say the right person was not reached. */
export const WRONG_PERSON = /(?:wrong number|mauvais numero|faux numero)/u;

/** "I'll pass it on", "je lui transmets": a refusal cue followed by this takes a message instead. */
export const PASSES_ON = /^\S+\s+\S+\s+(?:it|this|that|the message)\s+(?:on|along)(?![\p{L}])/u;

/** Someone taking a message for an absent decision maker. */
const MESSAGE_TAKEN =
  /(?:i'?ll|i will|i can) (?:pass (?:it|this|that|the message) (?:on|along)|give (?:him|her|them) the message|put it on (?:his|her|their) desk|make sure (?:he|she|they) gets? (?:it|the message)|take a message)|(?:je|on) (?:lui|leur) (?:transmets|transmettrai|fais le message|laisse le message|ferai le message)|(?:je vais|je peux) (?:lui|leur) (?:transmettre|faire le message|laisser le message)|(?:je peux|je vais) prendre (?:un|le|votre) message/u;

/** Whether a message is taken for someone in the call's last four turns. */
export function messageTaken(sentences: readonly CallSentence[]): boolean {
  const lastTurn = sentences.at(-1)?.turnIndex ?? 0;
  return sentences.some((s) => s.turnIndex >= lastTurn - 3 && MESSAGE_TAKEN.test(s.norm));
}

/** The line dropping: "you're breaking up", "I lost you", "ça coupe", "tu m'entends ?". */
const CUT_OFF =
  /(?:breaking up|i lost you|lost you there|bad (?:connection|signal|reception)|can you hear me|ca coupe|ca a coupe|on a ete coupes?|tu m'entends|vous m'entendez|je (?:vous|t) entends mal|je (?:vous|te) perds)/u;

/** Whether the line drops in the call's last three turns, at or after the deciding sentence. */
export function cutOffAt(sentences: readonly CallSentence[], evidence: CallSentence): boolean {
  const lastTurn = sentences.at(-1)?.turnIndex ?? 0;
  if (evidence.turnIndex < lastTurn - 2) return false;
  return sentences.some((s) => s.turnIndex >= lastTurn - 2 && CUT_OFF.test(s.norm));
}

/** Whether `s` answers "anything else?" from the other speaker (the previous turn). */
export function answersNothingElse(s: CallSentence, sentences: readonly CallSentence[]): boolean {
  return sentences.some(
    (x) => x.turnIndex === s.turnIndex - 1 && x.speaker !== s.speaker && NOTHING_ELSE.test(x.norm),
  );
}

/**
 * The company side looking up an existing customer's file: an account, order, customer or contract
 * number asked for, or the account pulled up ("Can I have your account number?", "let me pull up the
 * account", "let me pull you up", "votre numéro de client ?", "je vais ouvrir votre dossier"). Call
 * centres open a support or billing call this way; a prospect has no such number yet.
 */
const ACCOUNT_LOOKUP =
  /(?:(?:account|order|customer|member|ticket|case|confirmation|invoice) number|your contract number|on your next (?:bill|statement|invoice)|(?:sur|dans) votre (?:prochain releve|prochaine facture)|pull up (?:your|the) account|look up your account|let me (?:look|pull) you up|the email on the account|numero (?:de |d'?)(?:client|contrat|commande|dossier|facture|abonne)|numero client|(?:ouvrir|j'ouvre|je sors) votre dossier)/u;

/**
 * An existing customer ending what he has: "I need to cancel my membership", "I want to cancel the
 * subscription", "just cancel it", "je voudrais résilier mon abonnement". Why: a customer who leaves
 * declines to go further, as a prospect who says no does; the call is about the sale, not a support
 * or billing call (`serviceCall`). Written from how both languages ask to cancel, not from a call.
 */
export const CHURN =
  /(?<![\p{L}'])(?:(?:i|we)(?:'d| would)? (?:need|want|like|wanna) to cancel|(?:i'?m|im|we'?re|were|i am|we are) cancell?ing (?:it|my|our|the)|go ahead and cancel|(?:just|please) cancel (?:it|my|our|the)|cancel (?:my|our) (?:membership|subscription|account|plan|service|contract|policy)|(?:je|on|nous) (?:veux|voudrais|voudrions|souhaite|souhaiterais|souhaitons|aimerais|vais|va) (?:resilier|annuler mon abonnement|annuler notre abonnement|annuler mon contrat|annuler notre contrat)|(?:je|on) resilie)(?![\p{L}])/u;

/** Words of a cancellation carried out and confirmed: the rep's confirmation is not a next step. */
export const CANCELLATION_CONFIRMED = /(?<![\p{L}])(?:confirm|cancel|annul|resili)/u;

/**
 * Whether the call is an existing customer's support or billing call (an account looked up, a
 * charge put right "on your next statement"; a contract number counts only as "your" one), which
 * has no sales outcome even when a visit or a redelivery is booked in it.
 */
export function serviceCall(sentences: readonly CallSentence[]): boolean {
  return sentences.some((s) => ACCOUNT_LOOKUP.test(s.norm));
}

/**
 * Booking words that say there is no room rather than that a meeting was set: "our crews are booked out
 * three weeks", "we're booked solid", "complet" is not a cue anyway. Read from the cue's start.
 */
export const NO_ROOM = /^(?:booked|scheduled)\s+(?:out|up|solid|through)(?![\p{L}])/u;

/**
 * "Locked in" books a meeting only with a day or a time ("you're locked in for Tuesday at ten");
 * "we're locked in" alone is a contract that binds the prospect, an objection.
 */
export function lockedInWithoutTime(phrase: string, norm: string): boolean {
  return phrase === 'locked in' && !DAY.test(norm) && !TIME_OF_DAY.test(norm);
}
