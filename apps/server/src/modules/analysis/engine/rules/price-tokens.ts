/**
 * Tokens of a price passage (amounts in digits, words, currency symbols, "/", "%", punctuation) and
 * the reading of numbers from digits or number words. Part of the price reader (`pricing.ts`).
 */
import { digitWord, mayStartNumberWords, readNumberWords, type NumberLanguage } from '../numbers.js';

export type TokKind = 'num' | 'word' | 'sym' | 'pct' | 'slash' | 'dash' | 'punct';
export type Tok = { kind: TokKind; raw: string; w: string; start: number; end: number };

/**
 * One alternative per kind of token, in `TOKEN_KINDS` order: amounts in digits, currency symbols,
 * words, "%", "/", dashes, punctuation. Numbered groups (not named): a match's named groups are an
 * object built per token, and the price reader tokenizes every sentence and clause of a call.
 */
const TOKEN_RE =
  /(0[.,]\d{1,4}(?!\d)|\d{1,3}(?:(?:,|\.|\u00a0|\u202f| )\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d))|(US\$|CA\$|C\$|\$|€|£)|([\p{L}]+(?:['’][\p{L}]+)*)|(%)|(\/)|([-–—])|([.,;:!?…()"“”«»])/gu;
const TOKEN_KINDS: readonly TokKind[] = ['num', 'sym', 'word', 'pct', 'slash', 'dash', 'punct'];

export const ACCENTS = /\p{M}/gu;
export const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(ACCENTS, '').replace(/’/gu, "'");

const NOT_ASCII = /[^ -~]/u;

/** `fold` of one token; most tokens are printable ASCII, which only needs lower-casing. */
function foldToken(raw: string): string {
  const lower = raw.toLowerCase();
  return NOT_ASCII.test(lower) ? fold(raw) : lower;
}

export function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text)) !== null) {
    let g = 1;
    while (g < TOKEN_KINDS.length && m[g] === undefined) g++;
    const kind = TOKEN_KINDS[g - 1] ?? 'punct';
    out.push({ kind, raw: m[0], w: foldToken(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export function parseDigits(raw: string): number {
  let s = raw.replace(/[\u00a0\u202f ]/gu, '');
  // "0,008", "0.125": after a lone zero the separator can only be the decimal mark.
  if (/^0[.,]\d+$/u.test(s)) return Number.parseFloat(s.replace(',', '.'));
  // A separator followed by exactly three digits groups thousands; otherwise it is the decimal mark.
  s = s.replace(/[.,](?=\d{3}(?:\D|$))/gu, '');
  s = s.replace(',', '.');
  return Number.parseFloat(s);
}

export const DIGIT_SCALES: Record<string, number> = {
  k: 1000,
  thousand: 1000,
  grand: 1000,
  mille: 1000,
  million: 1_000_000,
  millions: 1_000_000,
  m: 1_000_000,
};

export type NumberSpan = { value: number; scale: number; from: number; to: number; alt?: number };

/** Reads a number at token `i` (digits with an optional scale word, or number words). */
export function readNumber(
  toks: readonly Tok[],
  i: number,
  languages: readonly NumberLanguage[],
): NumberSpan | null {
  const t = toks[i];
  if (!t) return null;
  if (t.kind === 'num') {
    let value = parseDigits(t.raw);
    let to = i + 1;
    let scale = 1;
    const next = toks[to];
    // "2k", "1.5 million", "5 mille": a scale word right after the digits.
    const s = next?.kind === 'word' ? DIGIT_SCALES[next.w] : undefined;
    // "m" counts only glued to the digits ("2m"), so "5 m" (metres) stays a bare number.
    if (next && s && (next.w !== 'm' || next.start === t.end)) {
      value *= s;
      scale = s;
      to++;
    }
    return Number.isFinite(value) ? { value, scale, from: i, to } : null;
  }
  if (t.kind !== 'word') return null;
  let best: NumberSpan | null = null;
  for (const lang of languages) {
    if (!mayStartNumberWords(t.w, toks[i + 1]?.w, lang)) continue;
    // Number words may be split by hyphens ("forty-nine", "quatre-vingt-dix"): read words only.
    const idx: number[] = [];
    const words: string[] = [];
    for (let j = i; j < toks.length && words.length < 12; j++) {
      const tj = toks[j];
      if (!tj) break;
      if (tj.kind === 'dash' && words.length > 0) continue;
      if (tj.kind !== 'word') break;
      idx.push(j);
      words.push(tj.w);
    }
    const r = readNumberWords(words, 0, lang);
    if (!r) continue;
    const lastIdx = idx[r.length - 1];
    if (lastIdx === undefined) continue;
    if (!best || lastIdx + 1 > best.to)
      best = {
        value: r.value,
        scale: r.scale,
        from: i,
        to: lastIdx + 1,
        ...(r.alt !== undefined && { alt: r.alt }),
      };
  }
  return best;
}

export const isWord = (t: Tok | undefined): t is Tok => t?.kind === 'word';

/**
 * Thousands then hundreds, as vehicles, boats and equipment are priced in English: "forty-four
 * nine" is 44,900, "eleven five per dryer" 11,500, "eighteen nine ninety-five" 18,995. `n` is the
 * number just read ("forty-four"); a shorthand needs it in words, from 10 to 99, and one digit word
 * right after it (no pause). "twenty-four seven" is the hours of a service, not 24,700. Returns the
 * longer number, or null.
 */
export function thousandsShorthand(toks: readonly Tok[], n: NumberSpan): NumberSpan | null {
  const first = toks[n.from];
  if (!first || first.kind !== 'word' || n.scale !== 1 || n.value < 10 || n.value > 99) return null;
  if (!Number.isInteger(n.value) || n.alt !== undefined) return null;
  const digitTok = toks[n.to];
  const digit = digitTok?.kind === 'word' ? digitWord(digitTok.w, 'en') : undefined;
  if (digit === undefined || (n.value === 24 && digit === 7)) return null;
  let value = n.value * 1000 + digit * 100;
  let to = n.to + 1;
  // "eighteen nine ninety-five": the rest, from 10 to 99, in words.
  const rest = readNumber(toks, to, ['en']);
  if (rest && toks[rest.from]?.kind === 'word' && rest.scale === 1 && rest.value >= 10 && rest.value <= 99) {
    value += rest.value;
    to = rest.to;
  }
  return { value, scale: 1000, from: n.from, to };
}
