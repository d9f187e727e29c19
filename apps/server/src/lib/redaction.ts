/**
 * Owns redaction of sensitive numbers and contacts from transcripts, before anything is stored or
 * sent to a language model. Always: payment card numbers (13–19 digits passing the Luhn check),
 * US Social Security numbers and Canadian Social Insurance numbers (9 digits passing Luhn). On an
 * organization's request: e-mail addresses and phone numbers. Each removal leaves a label saying
 * what was there ("[card number]"), in the transcript's language.
 *
 * Speech-to-text writes digits either as figures ("4111 1111 …") or as words when it does not
 * format numbers ("four one one one …"); both are read. Only single-digit words count ("twelve"
 * is a quantity, not a card digit).
 */
import { findPhoneNumbersInText } from 'libphonenumber-js';

export type RedactionLanguage = 'en' | 'fr';
export type RedactionKind = 'card' | 'ssn' | 'sin' | 'email' | 'phone';
export type RedactionOptions = { emails?: boolean; phones?: boolean; language?: RedactionLanguage };
export type RedactionResult = { text: string; removed: Record<RedactionKind, number> };

const LABELS: Record<RedactionLanguage, Record<RedactionKind, string>> = {
  en: {
    card: '[card number]',
    ssn: '[social security number]',
    sin: '[social insurance number]',
    email: '[email]',
    phone: '[phone number]',
  },
  fr: {
    card: '[numéro de carte]',
    ssn: '[numéro de sécurité sociale]',
    sin: "[numéro d'assurance sociale]",
    email: '[courriel]',
    phone: '[numéro de téléphone]',
  },
};

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  zéro: '0',
  un: '1',
  une: '1',
  deux: '2',
  trois: '3',
  quatre: '4',
  cinq: '5',
  sept: '7',
  huit: '8',
  neuf: '9',
};
// "six" is the same word in both languages; "o" only counts inside a run of digits.

/** Luhn checksum over a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A valid US SSN: not area 000, 666 or 9xx, group 00, or serial 0000. */
function ssnValid(d: string): boolean {
  const area = d.slice(0, 3);
  return (
    area !== '000' && area !== '666' && area[0] !== '9' && d.slice(3, 5) !== '00' && d.slice(5) !== '0000'
  );
}

type Token = { start: number; end: number; digits: string };

/**
 * Runs of digits in figures or words, joined across spaces, dashes and dots, each with its span in
 * the text. A run ends at any other word.
 */
function digitRuns(text: string): Token[][] {
  const runs: Token[][] = [];
  let current: Token[] = [];
  const re = /\d+|[\p{L}]+|[^\s\p{L}\d]/gu;
  let m: RegExpExecArray | null;
  let lastEnd = 0;
  while ((m = re.exec(text))) {
    const word = m[0];
    const gap = text.slice(lastEnd, m.index);
    const lower = word.toLowerCase();
    let digits: string | undefined;
    if (/^\d+$/.test(word)) digits = word;
    else if (lower in DIGIT_WORDS && (lower !== 'o' || current.length > 0)) digits = DIGIT_WORDS[lower];
    const joinable = /^[\s,]*$/.test(gap);
    if (digits !== undefined) {
      if (current.length > 0 && !joinable) {
        runs.push(current);
        current = [];
      }
      current.push({ start: m.index, end: m.index + word.length, digits });
    } else if (/^[-./]$/.test(word) && current.length > 0) {
      // a separator inside a number: keep the run going
    } else if (current.length > 0) {
      runs.push(current);
      current = [];
    }
    lastEnd = m.index + word.length;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

type Hit = { start: number; end: number; kind: RedactionKind };

/** Words said just before a number that make a 9-digit number an identity number. */
const SSN_CONTEXT = /(social security|\bssn\b|s\.s\.n|sécurité sociale)/i;
const SIN_CONTEXT = /(social insurance|\bsin\b|\bnas\b|assurance sociale)/i;

/**
 * Sensitive numbers inside one run of digits. Cards: 13–19 digits passing Luhn (the whole run, or
 * a window of it on token boundaries when more digits were said around it). A 9-digit run is an
 * SSN or a SIN only when its grouping says so (3-2-4, 3-3-3) or the words just before name it:
 * many 9-digit numbers (orders, accounts) are neither.
 */
function numberHits(run: Token[], text: string): Hit[] {
  const all = run.map((t) => t.digits).join('');
  const span = (i: number, j: number): Hit['start'][] => [run[i]!.start, run[j]!.end];
  if (all.length >= 13 && all.length <= 19 && luhnValid(all)) {
    const [start, end] = span(0, run.length - 1);
    return [{ start: start!, end: end!, kind: 'card' }];
  }
  if (all.length === 9) {
    const groups = run.map((t) => t.digits.length).join('-');
    const before = text.slice(Math.max(0, run[0]!.start - 60), run[0]!.start);
    const [start, end] = span(0, run.length - 1);
    if ((groups === '3-3-3' || SIN_CONTEXT.test(before)) && luhnValid(all) && !SSN_CONTEXT.test(before)) {
      return [{ start: start!, end: end!, kind: 'sin' }];
    }
    if ((groups === '3-2-4' || SSN_CONTEXT.test(before)) && ssnValid(all)) {
      return [{ start: start!, end: end!, kind: 'ssn' }];
    }
    return [];
  }
  if (all.length <= 19) return [];
  const hits: Hit[] = [];
  let i = 0;
  while (i < run.length) {
    let found = -1;
    let digits = '';
    for (let j = i; j < run.length; j++) {
      digits += run[j]!.digits;
      if (digits.length > 19) break;
      if (digits.length >= 13 && luhnValid(digits)) found = j;
    }
    if (found >= 0) {
      const [start, end] = span(i, found);
      hits.push({ start: start!, end: end!, kind: 'card' });
      i = found + 1;
    } else i++;
  }
  return hits;
}

/** SSNs are also recognised in their written form even when Luhn-valid (then they are not SINs). */
const SSN_FORMAT = /\b(\d{3})-(\d{2})-(\d{4})\b/g;
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.[\p{L}]{2,}/gu;

function emptyCounts(): Record<RedactionKind, number> {
  return { card: 0, ssn: 0, sin: 0, email: 0, phone: 0 };
}

export function redactText(text: string, opts: RedactionOptions = {}): RedactionResult {
  const labels = LABELS[opts.language ?? 'en'];
  const hits: Hit[] = [];
  for (const m of text.matchAll(SSN_FORMAT)) {
    const d = `${m[1]}${m[2]}${m[3]}`;
    if (ssnValid(d)) hits.push({ start: m.index, end: m.index + m[0].length, kind: 'ssn' });
  }
  for (const run of digitRuns(text)) hits.push(...numberHits(run, text));
  if (opts.emails) {
    for (const m of text.matchAll(EMAIL))
      hits.push({ start: m.index, end: m.index + m[0].length, kind: 'email' });
  }
  if (opts.phones) {
    for (const p of findPhoneNumbersInText(text, { defaultCountry: 'US' })) {
      hits.push({ start: p.startsAt, end: p.endsAt, kind: 'phone' });
    }
  }
  // Keep the earliest (then longest) of overlapping hits.
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const removed = emptyCounts();
  let out = '';
  let at = 0;
  for (const hit of hits) {
    if (hit.start < at) continue;
    out += text.slice(at, hit.start) + labels[hit.kind];
    removed[hit.kind]++;
    at = hit.end;
  }
  out += text.slice(at);
  return { text: out, removed };
}

/** Redacts every segment (and counts what was removed across them). */
export function redactSegments<S extends { text: string }>(
  segments: S[],
  opts: RedactionOptions = {},
): { segments: S[]; removed: Record<RedactionKind, number> } {
  const removed = emptyCounts();
  const out = segments.map((s) => {
    const r = redactText(s.text, opts);
    for (const k of Object.keys(removed) as RedactionKind[]) removed[k] += r.removed[k];
    return r.removed.card + r.removed.ssn + r.removed.sin + r.removed.email + r.removed.phone > 0
      ? { ...s, text: r.text }
      : s;
  });
  return { segments: out, removed };
}
