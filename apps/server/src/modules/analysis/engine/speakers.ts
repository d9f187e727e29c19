/**
 * Speaker turns and the choice of the rep.
 *
 * Turns: segments sorted by start time; consecutive segments of the same speaker merge into one turn.
 *
 * Rep heuristic (documented, deterministic), first rule that decides wins:
 *  1. a speaker label that names a role ("Agent", "Sales rep", "Conseiller" → rep; "Customer",
 *     "Client", "Prospect" → the other side);
 *  2. what each side says, scored: introducing oneself with a company ("this is Mark from
 *     BrightDesk", "Nate from TrackPoint", "ici Julien de Caissia", "my name is Lee, I own
 *     Clearway", "Hi Ray, Lena Ortiz, Summit Signs"; also without capitals, "its lee from ledgerly"
 *     only in the first turn) +3; speaking of "our" offer or of what "we" do for customers ("our
 *     plan", "we help", "notre logiciel", "nous offrons") +1 each, at most +3, acknowledging the
 *     other side's trouble ("sorry to hear that", "je comprends") counting the same; in the first
 *     two turns, taking the call for a business's customers ("thanks for calling", "how can I help",
 *     "service client"; not in reply to a seller's introduction) or, in the first turn, answering in
 *     its name ("Good afternoon, Keystone Studio, this is Rachel", "Harbor Dental, Kim speaking",
 *     "green valley plumbing this is sam") +3, unless the second turn introduces a company (then the
 *     business that answered is the prospect); calling back about the business's message, ad or
 *     flyer ("returning your call", "I got your flyer", "we got your number", "j'ai vu votre
 *     annonce"), or calling about something without introducing a company ("I'm calling about
 *     lessons") −2; each question +0.5, at most +3; opening the call with a bare greeting ("Hello?",
 *     "Allô ?", the one who picks up) −2. The speaker with strictly the highest score is the rep;
 *  3. the speaker who asked strictly the most questions (discovery is the rep's job);
 *  4. the speaker who spoke first (the rep opens outbound calls and answers inbound ones);
 *  5. where no speaker label names a role and each voice says enough, the learned scorer of
 *     `speaker-model.ts` has the last word: it reads every word of each side, and the pick of steps
 *     2–4 among them.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import { speakerModel } from './speaker-model-data.js';
import { enoughToJudge, likeliestRep, speakerFeatures, type SpeakerModel } from './speaker-model.js';
import { normalizeForMatch, tokens } from './text.js';

export type Turn = { speaker: string; start: number; end: number; text: string };

/** Segments in time order (stable for equal starts). */
export function sortSegments(segments: readonly Segment[]): Segment[] {
  return segments
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.start - b.s.start || a.i - b.i)
    .map(({ s }) => s);
}

/** Consecutive segments of one speaker joined into turns, in time order; empty texts skipped. */
export function toTurns(segments: readonly Segment[]): Turn[] {
  const turns: Turn[] = [];
  for (const seg of sortSegments(segments)) {
    const text = seg.text.normalize('NFC').trim();
    if (!text) continue;
    const last = turns[turns.length - 1];
    if (last && last.speaker === seg.speaker) {
      last.text = `${last.text} ${text}`;
      last.end = Math.max(last.end, seg.end);
    } else {
      turns.push({ speaker: seg.speaker, start: seg.start, end: seg.end, text });
    }
  }
  return turns;
}

const REP_WORDS = new Set([
  'agent',
  'agente',
  'rep',
  'representative',
  'representant',
  'sales',
  'seller',
  'salesperson',
  'advisor',
  'consultant',
  'sdr',
  'bdr',
  'conseiller',
  'conseillere',
  'commercial',
  'commerciale',
  'vendeur',
  'vendeuse',
]);
const CUSTOMER_WORDS = new Set([
  'customer',
  'client',
  'cliente',
  'prospect',
  'lead',
  'buyer',
  'caller',
  'appelant',
]);

function labelRole(label: string): 'rep' | 'customer' | null {
  const words = tokens(normalizeForMatch(label));
  if (words.some((w) => REP_WORDS.has(w))) return 'rep';
  if (words.some((w) => CUSTOMER_WORDS.has(w))) return 'customer';
  return null;
}

/**
 * The rep's speaker label by the heuristic above, or null when there are no speakers.
 * `questionCounts` maps speaker → questions asked.
 */
export function detectRepSpeaker(
  segments: readonly Segment[],
  questionCounts: ReadonlyMap<string, number>,
  model: Pick<SpeakerModel, 'weights'> | null = speakerModel(),
): string | null {
  const order = speakerOrder(segments);
  if (order.length === 0) return null;
  const byLabel = order.find((sp) => labelRole(sp) === 'rep');
  if (byLabel) return byLabel;
  const notCustomers = order.filter((sp) => labelRole(sp) !== 'customer');
  if (notCustomers.length === 1 && order.length > 1) return notCustomers[0] ?? null;
  const turns = toTurns(segments);
  const cues = speakerCues(segments, order, questionCounts, turns);
  const byRules = repByRules(segments, order, questionCounts, cues);
  // Step 5: the learned scorer of `speaker-model.ts` over what each voice says, the rules' pick
  // among its features, where each voice says enough.
  if (!model || !enoughToJudge(turns, order)) return byRules;
  const features = speakerFeatures(turns, order, cues, byRules);
  return order[likeliestRep(model, features)] ?? byRules;
}

/** The speakers in the order they first speak. */
export function speakerOrder(segments: readonly Segment[]): string[] {
  const order: string[] = [];
  for (const s of sortSegments(segments))
    if (s.text.trim() && !order.includes(s.speaker)) order.push(s.speaker);
  return order;
}

/** Steps 2 to 4 of the heuristic: the rep by what is said, by questions, or the first to speak. */
export function repByRules(
  segments: readonly Segment[],
  order: readonly string[],
  questionCounts: ReadonlyMap<string, number>,
  cues: ReadonlyMap<string, SpeakerCues> = speakerCues(segments, order, questionCounts),
): string | null {
  const byWords = repByWhatIsSaid(order, cues);
  if (byWords) return byWords;
  let best: string | null = null;
  let bestCount = -1;
  let tie = false;
  for (const sp of order) {
    const n = questionCounts.get(sp) ?? 0;
    if (n > bestCount) {
      best = sp;
      bestCount = n;
      tie = false;
    } else if (n === bestCount) tie = true;
  }
  if (best !== null && bestCount > 0 && !tie) return best;
  return order[0] ?? null;
}

const INTRODUCES =
  /(?:\b(?:this is|my name is|i'm|it's)\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*,?\s+(?:from|with|at|over at)\s+\p{Lu})|(?:(?:^|[,.?!]\s*)\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*,?\s+(?:from|with)\s+\p{Lu})|\b(?:calling from|calling on behalf of|reaching out from)\b|(?:\b(?:ici|je m'appelle|je m’appelle|c'est|c’est)\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*,?\s+(?:de|d'|d’|chez)\s*(?:la société\s+)?\p{Lu})|\bje vous (?:appelle|contacte) (?:de la part|de chez)|(?:\b(?:this is|my name is|i'm)\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*,?\s+(?:and\s+)?[Ii] (?:own|run|manage)\s+\p{Lu})|(?:^(?:[Hh]i|[Hh]ello|[Hh]ey|[Gg]ood (?:morning|afternoon))\s+\p{Lu}\p{Ll}+\s*,\s*\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+\s*,\s*(?:with\s+|from\s+)?(?!I(?!\p{L}))\p{Lu})/u;
/**
 * More ways a seller says who he is and where from: a name, then "I'm with <company>" ("my name is
 * Jenny Park, I'm with Crescendo Rentals"), and the French name then "de la société / de l'agence /
 * de <company>" without "c'est" ("Bonjour madame, Julien de la société Caissia", "Léa de l'agence
 * Pixelo"; not after a title: "Madame de Villiers" is a name).
 */
const INTRODUCES_MORE =
  /(?:\b(?:this is|my name is|[Ii]'m)\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*,?\s+(?:and\s+)?[Ii](?:'m|’m| am)\s+(?:with|from|at|over at|calling from)\s+\p{Lu})|(?:(?:^|[,.?!]\s*)(?!(?:Monsieur|Madame|Mademoiselle|Maître|Docteur|Bonjour|Oui|Allô|Allo)(?!\p{L}))\p{Lu}\p{Ll}+(?:[\s-]+\p{Lu}\p{Ll}+)?\s*,?\s+(?:de la société|de l'agence|de l’agence|de l'entreprise|de l’entreprise|du cabinet|de chez|de)\s+\p{Lu})/u;
/**
 * The same introduction in speech-to-text without capitals ("hi this is brent from reliapower"):
 * "this is" / "my name is", one or two words, then "from" or "calling from" and a word.
 */
const INTRODUCES_LOWER =
  /\b(?:(?:this is|my name is|ici|je m'appelle)\s+\p{L}+(?:\s+\p{L}+)?\s+(?:from|with|over at|calling from|de chez|de la part de)|(?:c'est|ici|je m'appelle)\s+\p{L}+(?:\s+\p{L}+)?\s+(?:de la société|de l'entreprise))\s+\p{L}/iu;
/**
 * "hi is this dana at northpoint its lee from ledgerly": "it's" + a name + "from", only in
 * the call's first turn (later, "it's mostly from referrals" is not an introduction).
 */
const INTRODUCES_FIRST_TURN = /\b(?:it'?s|i'?m)\s+\p{L}+(?:\s+\p{L}+)?\s+(?:from|with|over at)\s+\p{L}/iu;
/**
 * Answering the phone in a business's name: a greeting, the business, then who speaks ("Good
 * afternoon, Keystone Music Studio, this is Rachel", "Bonjour, Clinique Dupuis, ici Anne"). The
 * name starts with a capital and may hold lower-case words ("Acme heating and cooling", "Acme
 * support"); a "Yes," or a greeting is a person answering, not a business. Only the call's first turn.
 */
const ANSWERS_AS_BUSINESS =
  /^(?:(?:[Gg]ood (?:morning|afternoon|evening)|[Hh]ello|[Hh]i|[Bb]onjour|[Bb]onsoir|[Aa]llo)[,!.]?\s+)?(?!(?:Yes|Yeah|Yep|Oui|Ouais|Hello|Hi|Hey|Allo|Allô|Bonjour|Speaking|Okay|Ok|Sure|Well|Um|Uh)(?!\p{L}))\p{Lu}[\p{L}'’&-]*(?:\s+[\p{L}'’&-]+){0,4}\s*[,.]\s*(?:(?:this is|it's|you're speaking (?:with|to)|c'est|ici|je m'appelle)\s+\p{Lu}|\p{Lu}\p{Ll}+ speaking\b)/u;
/**
 * The same in speech-to-text without capitals or commas ("green valley plumbing this is sam"):
 * a short first turn, two to six words (not a greeting), then "this is" and a name, nothing after.
 */
const ANSWERS_AS_BUSINESS_LOWER =
  /^(?!(?:hi|hello|hey|yes|yeah|oui|allo|bonjour)\b)(?:[\p{L}'’&-]+\s+){2,6}(?:this is|c'est|ici)\s+\p{L}+[.!]?$/iu;
/**
 * A business's name (two words or more) then a greeting: "Atelier des Lilas, bonjour", "Acme
 * Plumbing, good morning". Two words at least and no title first, so that "Madame Roy, bonjour" (a
 * caller greeting someone) is not read as a business answering. Only the call's first turn.
 */
const ANSWERS_WITH_HELLO =
  /^(?!(?:Monsieur|Madame|Mademoiselle|Mister|Mr|Mrs|Ms|Dr|Docteur|Maître|Oui|Ouais|Yes|Yeah|Allo|Allô|Hello|Hi|Hey|Bonjour|Bonsoir)(?!\p{L}))\p{Lu}[\p{L}'’&-]*(?:\s+[\p{L}'’&-]+){1,5}\s*,\s*(?:bonjour|bonsoir|good (?:morning|afternoon|evening)|hello)(?!\p{L})/u;
/**
 * Picking up one's own phone without a business's name ("yeah this is gord", "allô oui", "hello"):
 * whoever then says "it's <name> from <company>" is the one calling, a seller.
 */
const PICKS_UP = /^(?:yeah|yes|yep|hello|hi|allo|allô|ouais|oui|speaking)(?![\p{L}])[^.?!]{0,40}[.?!]?$/iu;
/**
 * Asking the one who answered for the owner or the person in charge ("is this the owner?", "est-ce
 * que je parle à la propriétaire ?", "je cherche à joindre la gérante"): the caller is selling to
 * that business. (Asking for "a manager" is left out: an unhappy customer does that too.)
 */
const ASKS_FOR_OWNER =
  /\b(?:(?:is this|am i (?:speaking|talking) (?:to|with)|(?:can|could|may) i (?:speak|talk) (?:to|with)|i'?m (?:looking|trying) (?:for|to reach)) (?:the )?(?:owner|person (?:who|in charge)|(?:office|practice|store|shop|general) manager)|(?:je (?:parle|pourrais parler|voudrais parler|souhaiterais parler|cherche à joindre)|est-ce que je (?:parle|pourrais parler)|pourrais-je parler) (?:à|au|avec) (?:la |le |l')?(?:propriétaire|patron|patronne|gérant|gérante|responsable|personne qui))/iu;
const OFFERS =
  /\b(?:our (?:plan|plans|service|services|platform|software|app|system|product|solution|team|program|package|pricing|rate|fee|clients|customers)|we (?:help|offer|provide|work with|specialize|install|handle|do|make|build|lease|clean|shoot|maintain)|notre (?:offre|forfait|service|plateforme|logiciel|solution|application|équipe|equipe|système|systeme|tarif|abonnement)|nos (?:clients|services|tarifs|forfaits)|nous (?:offrons|proposons|aidons|accompagnons|installons|faisons|gérons|gerons))\b/giu;
const EMPATHY =
  /\b(?:sorry to hear|i'm sorry|i understand|i hear you|i hear that|that's rough|that's tough|that happens a lot|je comprends|désolée? d'entendre|je vous entends)\b/giu;
/**
 * Taking a call for a business's customers ("thanks for calling", "how can I help", "customer
 * service", "à votre écoute"): counted in the opening turns only, where it is the one who answers an inbound call
 * (a prospect may say "thanks for calling" when hanging up).
 */
const ANSWERS_FOR_BUSINESS =
  /\b(?:thanks? (?:you )?for calling|how (?:can|may) i help|à votre (?:écoute|service)|what can i do for you|customer (?:service|support)|service client|merci (?:d'avoir appelé|de votre appel)|(?:comment|en quoi) (?:puis-je|est-ce que je peux) vous aider|que puis-je faire pour vous)\b/iu;
/**
 * Calling back about the business's own message, ad or flyer, or calling in as a buyer ("your
 * front desk said you're the one to talk to", "I'm calling around", "I'd like a quote"): said by the
 * prospect who calls in.
 */
const CALLS_IN =
  /\b(?:(?:i|we) (?:got|saw|found) your (?:name|number|sign|website|site|info)|(?:your|the) (?:front desk|receptionist|office|secretary) (?:said|told me|gave me|put me through)|(?:i'?m|im|i am|we'?re|we are) (?:calling|shopping) around|(?:i'?m|im|i am|we'?re|we are) calling (?:a few|two|three|four|several|some|other) \w+|(?:i'?d like|i need|i want|i wanted|i'?m looking for|looking to get) (?:a|an|some) (?:quote|estimate|price|prices|pricing)|votre (?:accueil|secrétaire|secretaire|réception|reception) m'a (?:dit|passé|passe)|je (?:fais le tour|compare) (?:de )?(?:plusieurs|trois|quelques)|je (?:voudrais|souhaiterais|cherche) (?:un devis|une soumission|un prix|des prix)|i'?ve been looking at your (?:website|site|ad)|returning (?:your|a) call|you left (?:me )?a (?:message|voicemail)|i (?:got|saw|received) (?:a|your) (?:message|voicemail|flyer|ad|mailer|postcard|letter)|i got a message from|i saw your (?:ad|post|listing|sign)|vous m'avez laissé un message|j'ai (?:vu|reçu) votre (?:annonce|publicité|message|dépliant|flyer|courrier)|je vous rappelle suite à)\b/iu;
/**
 * "I'm calling about lessons", "j'appelle pour ma facture": a caller's reason, the prospect's unless
 * the same turn introduces a seller ("This is Lee from Ledgerly, I'm calling about the demo you
 * asked for").
 */
const CALLS_ABOUT =
  /\b(?:(?:i'?m|im|i am|we'?re|we are) calling about|j'appelle (?:pour|au sujet|concernant|parce))/iu;
const BARE_GREETING =
  /^(?:hello|hi|hey|yes|yeah|yep|good (?:morning|afternoon)|allo|allô|bonjour|oui|salut|speaking)[\s,.!?…-]*(?:\p{L}+[\s,.!?…-]*)?$/iu;

/**
 * What an answering machine or voicemail greeting says ("leave a message after the tone", "leave it at the
 * beep", "leave your name and number", "I'm on the other line", "tapez deux"), also as speech-to-text
 * writes it without apostrophes ("youve reached").
 */
const MACHINE_GREETING =
  /\b(?:leave (?:me |us )?a (?:message|voicemail)|leave your (?:name|number|message)|(?:after|at) the (?:tone|beep)|record your message|(?:i'm|i am) (?:on the other line|away from (?:the|my) (?:phone|desk))|you(?:'?ve| have) reached|(?:press|dial) (?:one|two|three|four|five|zero|\d)|laissez(?:-moi| moi|-nous| nous)? (?:un|votre) message|après le (?:bip|signal sonore)|vous êtes (?:bien )?sur (?:la )?(?:messagerie|boîte vocale)|tapez (?:un|deux|trois|quatre|cinq|zéro|\d))\b/iu;

/** Whether a speaker's words are those of an answering machine (a greeting, a menu), not a person's. */
export function soundsLikeMachine(text: string): boolean {
  return MACHINE_GREETING.test(text);
}

/** Whether the text introduces its speaker as someone calling from a company ("this is Mark from BrightDesk"). */
export function introducesAsSeller(text: string): boolean {
  return INTRODUCES.test(text) || INTRODUCES_MORE.test(text);
}

/** Whether a turn introduces its speaker as someone from a company, with or without capitals. */
function introducesCompany(text: string): boolean {
  return introducesAsSeller(text) || INTRODUCES_LOWER.test(text);
}

/** What each speaker's words say of his side of the call (step 2 of the heuristic). */
export type SpeakerCues = {
  /** Introduces himself with a company ("this is Mark from BrightDesk"). */
  introduced: boolean;
  /** Answers or takes the call for a business ("Harbor Dental, Kim speaking", "how can I help"). */
  answers: boolean;
  /** Calls in as a buyer or about the business's message ("I got your flyer", "I'm calling about"). */
  callsIn: boolean;
  /** Speaks of "our" offer, of what "we" do for customers, or of the other side's trouble. */
  offers: number;
  /** Questions asked. */
  questions: number;
  /** Opened the call with a bare greeting ("Hello?"): the one who picks up. */
  picksUp: boolean;
};

/** Each speaker's cues (see `SpeakerCues`), for the speakers of `order`. */
export function speakerCues(
  segments: readonly Segment[],
  order: readonly string[],
  questionCounts: ReadonlyMap<string, number>,
  turns: readonly Turn[] = toTurns(segments),
): Map<string, SpeakerCues> {
  const offers = new Map<string, number>();
  const introduced = new Set<string>();
  const first = turns[0];
  if (first && INTRODUCES_FIRST_TURN.test(first.text)) introduced.add(first.speaker);
  // "yeah this is gord" / "hi gord its priya from wayline": the reply to a bare pick-up introduces.
  const reply = turns[1];
  // Asking the one who answered for the owner counts as the caller's introduction too.
  const replyIntroduces =
    !!reply &&
    ((!!first && PICKS_UP.test(first.text.trim()) && INTRODUCES_FIRST_TURN.test(reply.text)) ||
      ASKS_FOR_OWNER.test(reply.text));
  if (reply && replyIntroduces) introduced.add(reply.speaker);
  for (const seg of segments) {
    if (!introduced.has(seg.speaker) && introducesCompany(seg.text)) introduced.add(seg.speaker);
    const n = (seg.text.match(OFFERS)?.length ?? 0) + (seg.text.match(EMPATHY)?.length ?? 0);
    offers.set(seg.speaker, (offers.get(seg.speaker) ?? 0) + n);
  }
  const answers = new Set<string>();
  const callsIn = new Set<string>();
  // "Harbor Dental, Kim speaking." / "Hi Kim, I'm calling from BrightDesk…": the business that
  // answers an outbound call is the prospect.
  const sellerCalls = !!reply && (replyIntroduces || introducesCompany(reply.text));
  turns.forEach((turn, i) => {
    // "Thanks for calling" in reply to a seller who introduced himself (and is not calling back about
    // the business's own message) is the prospect's courtesy.
    const opening = turns[0];
    const afterSeller =
      i === 1 && !!opening && introduced.has(opening.speaker) && !CALLS_IN.test(opening.text);
    if (i < 2 && !afterSeller && ANSWERS_FOR_BUSINESS.test(turn.text)) answers.add(turn.speaker);
    if (
      i === 0 &&
      !sellerCalls &&
      (ANSWERS_AS_BUSINESS.test(turn.text) ||
        ANSWERS_WITH_HELLO.test(turn.text) ||
        ANSWERS_AS_BUSINESS_LOWER.test(turn.text.trim()))
    )
      answers.add(turn.speaker);
    if (CALLS_IN.test(turn.text) || (CALLS_ABOUT.test(turn.text) && !introducesCompany(turn.text)))
      callsIn.add(turn.speaker);
  });
  return new Map(
    order.map((sp) => [
      sp,
      {
        introduced: introduced.has(sp),
        answers: answers.has(sp),
        callsIn: callsIn.has(sp),
        offers: offers.get(sp) ?? 0,
        questions: questionCounts.get(sp) ?? 0,
        picksUp: !!first && first.speaker === sp && BARE_GREETING.test(first.text.trim()),
      },
    ]),
  );
}

/** Step 2 of the heuristic: the speaker whose words most sound like the seller's, or null on a tie. */
function repByWhatIsSaid(order: readonly string[], cues: ReadonlyMap<string, SpeakerCues>): string | null {
  const score = new Map<string, number>();
  for (const sp of order) {
    const c = cues.get(sp);
    if (!c) continue;
    let v = Math.min(3, 0.5 * c.questions);
    if (c.introduced) v += 3;
    if (c.answers) v += 3;
    if (c.callsIn) v -= 2;
    v += Math.min(3, c.offers);
    if (c.picksUp) v -= 2;
    score.set(sp, v);
  }
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  if (!top || (second && second[1] === top[1])) return null;
  return top[0];
}

const LABELLED_LINE = /^\s*(?:\[[^\]]*\]\s*)?([^:\n]{1,40}?)\s*:\s+(.+)$/u;

/**
 * Segments from plain transcript text, for callers that only have the text: lines written
 * "Speaker: words" become one segment each (times unknown, all zero); any other text becomes a
 * single segment of "Speaker 1".
 */
export function segmentsFromText(text: string): Segment[] {
  const lines = text.split(/\r?\n/u).filter((l) => l.trim());
  const labelled = lines.map((l) => LABELLED_LINE.exec(l));
  if (lines.length > 0 && labelled.every((m) => m !== null)) {
    return labelled.map((m) => ({
      speaker: (m?.[1] ?? '').trim(),
      start: 0,
      end: 0,
      text: (m?.[2] ?? '').trim(),
    }));
  }
  const all = text.trim();
  return all ? [{ speaker: 'Speaker 1', start: 0, end: 0, text: all }] : [];
}
