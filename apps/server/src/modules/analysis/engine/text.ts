/**
 * Text helpers shared by the analysis and coaching engines: sentence splitting, a length-preserving
 * normalization for phrase matching, a compiled phrase matcher with a tiny pattern syntax, negation
 * checks and clause extraction. Everything is plain string work; nothing here knows about sales.
 */

const ABBREVIATIONS = /(?:^|\s)(?:mr|mrs|ms|dr|st|vs|etc|inc|ltd|approx|p\.m|a\.m|m|mme)\.$/i;

/**
 * Splits text into sentences after `.`, `?`, `!` or `…` followed by a space (so "$49.99" stays whole).
 * French typography ("ça va ?") keeps its question mark on the sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const re = /[.?!…]+["»”')\]]*(?=\s|$)/gu;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const end = m.index + m[0].length;
    const candidate = text.slice(last, end);
    // "Dr. Smith" or "2 p.m. Tuesday": do not cut after a known abbreviation.
    if (m[0] === '.' && ABBREVIATIONS.test(candidate.trimEnd())) continue;
    const trimmed = candidate.trim();
    if (trimmed) out.push(trimmed);
    last = end;
  }
  const rest = text.slice(last).trim();
  if (rest) out.push(rest);
  return out;
}

const FILLERS = /(?<![\p{L}\p{N}'])(?:uh+|um+|uhm|erm?|euh+|hum+|hmm+|ah+|mh+)(?![\p{L}\p{N}'])/gu;

/**
 * Lower-cases, strips accents, maps curly apostrophes to `'`, punctuation (hyphens included) to spaces
 * and blanks out hesitation fillers ("uh", "euh"). The result has exactly the length of the input, so
 * an index found in it points at the same place in the original text.
 */
export function normalizeForMatch(input: string): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code < 128) {
      out += ASCII_MAP[code];
      continue;
    }
    // Surrogate pairs (emoji…) become two spaces, keeping the length.
    if (code >= 0xd800 && code <= 0xdfff) {
      out += ' ';
      continue;
    }
    const ch = input.charAt(i);
    let mapped = NON_ASCII_CACHE.get(ch);
    if (mapped === undefined) {
      mapped = mapNonAscii(ch);
      NON_ASCII_CACHE.set(ch, mapped);
    }
    out += mapped;
  }
  return out.replace(FILLERS, (m) => ' '.repeat(m.length));
}

/** ASCII: letters lower-cased; digits, apostrophe, `$`, `%` and whitespace kept; the rest a space. */
const ASCII_MAP: string[] = Array.from({ length: 128 }, (_, code) => {
  const c = String.fromCharCode(code);
  if (/[A-Z]/u.test(c)) return c.toLowerCase();
  if (/[a-z0-9'$%]/u.test(c)) return c;
  if (/\s/u.test(c)) return c;
  return c === '`' ? "'" : ' ';
});

const NON_ASCII_CACHE = new Map<string, string>();

function mapNonAscii(ch: string): string {
  if (ch === '\u2019' || ch === '\u2018' || ch === '\u02bc') return "'";
  let c = ch;
  const lower = c.toLowerCase();
  if (lower.length === 1) c = lower;
  const base = c.normalize('NFD');
  if (base.length > 1 && /\p{M}/u.test(base.slice(1))) c = base.charAt(0);
  return /[\p{L}\p{N}€£\s]/u.test(c) ? c : ' ';
}

/** Word tokens of an already normalized string. */
export function tokens(normalized: string): string[] {
  return normalized.match(/[\p{L}\p{N}']+/gu) ?? [];
}

/** Number of words in any text. */
export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).length;
}

const PLACEHOLDERS: Record<string, string> = {
  // A weekday may carry its date ("wednesday the ninth", "thursday the 12th", "mardi 14", "jeudi le 3");
  // ordinals as a pattern ("…th"), not a list: the placeholder is in many lexicon phrases, and a long
  // alternation in each made the analyzer twice as slow.
  day: "(?:(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)(?:\\s(?:the\\s)?(?:\\d{1,2}(?:st|nd|rd|th)?|(?:twenty\\s|thirty\\s)?(?:first|second|third|[a-z]{3,9}th)))?|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)(?:\\s(?:le\\s)?\\d{1,2})?|tomorrow|today|tonight|demain|aujourd'hui|ce soir)",
  // Digits ("2 pm", "14h30") or words ("seven thirty", "ten a m", "dix heures", "quatorze heures trente").
  time: "(?:\\d{1,2}(?:h\\d{0,2}|\\s\\d{2})?(?:\\s?(?:am|pm|a m|p m|o'clock|heures?|h))?|noon|midi|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\\s(?:thirty|fifteen|forty five|o'clock))?(?:\\s?(?:am|pm|a m|p m))?|(?:une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|dix sept|dix huit|dix neuf|vingt)\\sheures?(?:\\s(?:trente|quinze|et demie))?)",
};

/**
 * Compiles one lexicon phrase to a regex source. Syntax: words separated by spaces (matched with any
 * whitespace between them); `*` stands for zero to three arbitrary words; `{day}` and `{time}` stand
 * for a weekday/relative day and a clock time. A trailing `~` on a word allows any ending
 * ("frustrat~" matches "frustrated", "frustrating").
 */
export function phraseSource(phrase: string): string {
  const pieces: string[] = [];
  for (const raw of phrase.trim().split(/\s+/u)) {
    if (raw === '*') {
      pieces.push('*');
      continue;
    }
    const ph = /^\{(\w+)\}$/u.exec(raw);
    const placeholder = ph?.[1] ? PLACEHOLDERS[ph[1]] : undefined;
    if (placeholder) {
      pieces.push(placeholder);
      continue;
    }
    const open = raw.endsWith('~');
    const words = tokens(normalizeForMatch(open ? raw.slice(0, -1) : raw));
    // Speech-to-text often drops apostrophes ("dont", "were good", "im"): an apostrophe in a phrase
    // is optional in the text.
    words.forEach((w, i) =>
      pieces.push(escapeRegex(w).replace(/'/gu, "'?") + (open && i === words.length - 1 ? "[\\p{L}']*" : '')),
    );
  }
  while (pieces[pieces.length - 1] === '*') pieces.pop();
  let src = '';
  for (const piece of pieces) {
    src += piece === '*' ? "(?:[\\p{L}\\p{N}'$€]+\\s+){0,3}" : `${piece}\\s+`;
  }
  // Drop the whitespace required after the last piece.
  src = src.replace(/\\s\+$/u, '');
  return `(?<![\\p{L}\\p{N}])${src}(?![\\p{L}\\p{N}])`;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A phrase match in a normalized string. */
export type PhraseHit<T> = { start: number; end: number; value: T; phrase: string };

/**
 * Matches many phrases at once with one combined regex; each hit tells which entry matched. Compile
 * once (at module load) and reuse: matching is then a single scan per text.
 */
export class PhraseMatcher<T> {
  private readonly re: RegExp | null;
  private readonly entries: { phrase: string; value: T }[];

  constructor(entries: readonly { phrase: string; value: T }[]) {
    // Longer phrases first (stable otherwise): at one position the more specific phrase wins, so
    // "cheaper quote" is not lost to "cheaper" whatever order the lexicon lists them in.
    this.entries = entries
      .map((e, i) => ({ e, i, n: e.phrase.trim().split(/\s+/u).length }))
      .sort((a, b) => b.n - a.n || a.i - b.i)
      .map(({ e }) => e);
    this.re =
      this.entries.length === 0
        ? null
        : new RegExp(this.entries.map((e) => `(${phraseSource(e.phrase)})`).join('|'), 'gu');
  }

  /** All non-overlapping hits, left to right, in an already normalized string. */
  findAll(normalized: string): PhraseHit<T>[] {
    if (!this.re) return [];
    const hits: PhraseHit<T>[] = [];
    this.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = this.re.exec(normalized)) !== null) {
      if (m[0].length === 0) {
        this.re.lastIndex++;
        continue;
      }
      const idx = m.findIndex((g, i) => i > 0 && g !== undefined);
      const entry = this.entries[idx - 1];
      if (entry)
        hits.push({ start: m.index, end: m.index + m[0].length, value: entry.value, phrase: entry.phrase });
    }
    return hits;
  }

  test(normalized: string): boolean {
    if (!this.re) return false;
    this.re.lastIndex = 0;
    return this.re.test(normalized);
  }
}

const NEGATIONS_EN = new Set(['not', 'never', 'nobody', 'nothing', 'neither', 'nor', 'without', 'hardly']);
const NEGATIONS_FR = new Set(['pas', 'jamais', 'ne', 'aucun', 'aucune', 'rien', 'sans']);
const NOT_NEGATED = new Set([
  'worry',
  'worries',
  'hesitate',
  'mind',
  'problem',
  'doubt',
  'only',
  'hesitez',
  'inquietez',
  'seulement',
]);

/**
 * True when one of the three words before `start` negates what follows ("not interested", "don't
 * need", "ce n'est pas trop cher", "je suis pas intéressé"), or, in French, when "pas"/"plus"/"jamais"
 * closes the phrase ("ça m'intéresse pas"). A bare "no" counts only right before the phrase and
 * without punctuation between them (pass the original text to see it), so "No, Tuesday works" and
 * "No problem, see you Tuesday" are not negations.
 */
export function isNegated(
  normalized: string,
  start: number,
  end: number,
  language: string,
  original?: string,
): boolean {
  const before = [...normalized.slice(0, start).matchAll(/[\p{L}\p{N}']+/gu)].slice(-3);
  const word = (k: number) => (before[k]?.[0] ?? '').replace(/^n'/u, '');
  for (let i = 0; i < before.length; i++) {
    const m = before[i];
    const w = m?.[0] ?? '';
    // "don't worry", "n'hésitez pas", "not only" negate something else.
    if (NOT_NEGATED.has(word(i + 1)) || NOT_NEGATED.has(word(i - 1)) || NOT_NEGATED.has(word(i))) continue;
    if (w.endsWith("n't") || w === 'cannot') return true;
    if (w.startsWith("n'")) return true;
    if (w === 'no' && i === before.length - 1) {
      // A bare "no" negates only the word right after it ("no need"); "No, Tuesday works" is an answer.
      const gap = (original ?? normalized).slice((m?.index ?? 0) + 2, start);
      if (!/[,.;:!?…-]/u.test(gap)) return true;
      continue;
    }
    if (NEGATIONS_EN.has(w)) return true;
    if (language === 'fr' && NEGATIONS_FR.has(w)) return true;
  }
  if (language === 'fr') {
    const after = tokens(normalized.slice(end)).slice(0, 2);
    if (after[0] === 'pas' || after[0] === 'jamais' || (after[0] === 'plus' && after.length === 1))
      return true;
  }
  return false;
}

const LEADING_MARKERS =
  /^(?:(?:yeah|yes|yep|no(?![\s,]+thanks?)|nope|well|so|and|but|okay|ok|oh|look|listen|honestly|frankly|right(?!\s+(?:now|away|here|there))|i mean|you know|like|alors|bon|ben|bah|eh bien|écoutez|ecoutez|franchement|oui|non|mais|et|donc|voilà|voila|d'accord|en fait|honnêtement|honnetement)[\s,.…!-]+)+/iu;

const CLAUSE_BOUNDARY = /[,;:()–—]|\s-\s|\s(?:but|though|mais|sauf que)\s/giu;

/** A clause of a sentence: its tidied text and where it sits in the sentence. */
export type Clause = { text: string; start: number; end: number };

/**
 * The clause of `sentence` around [start, end) (indices into the normalized form of the same
 * sentence, which has the same length): cut at commas, semicolons, dashes and "but"/"mais", widened
 * to the next (then previous) clause when shorter than four words, capped near `maxWords` words
 * around the hit, leading discourse markers dropped, first letter capitalised.
 */
export function clauseAround(sentence: string, start: number, end: number, maxWords = 16): Clause {
  const spans: { start: number; end: number }[] = [];
  let pos = 0;
  CLAUSE_BOUNDARY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CLAUSE_BOUNDARY.exec(sentence)) !== null) {
    spans.push({ start: pos, end: m.index });
    pos = m.index + m[0].length;
  }
  spans.push({ start: pos, end: sentence.length });
  let i = spans.findIndex((sp) => start < sp.end);
  if (i < 0) i = spans.length - 1;
  let j = spans.findIndex((sp) => end <= sp.end);
  if (j < 0) j = spans.length - 1;
  let left = spans[i]?.start ?? 0;
  let right = spans[j]?.end ?? sentence.length;
  // "…, it's really annoying": a short clause borrows its neighbour, the next one first.
  if (countWords(sentence.slice(left, right)) < 4 && j + 1 < spans.length) right = spans[j + 1]?.end ?? right;
  if (countWords(sentence.slice(left, right)) < 4 && i > 0) left = spans[i - 1]?.start ?? left;
  let clause = sentence.slice(left, right);
  const words = clause.split(/\s+/u).filter(Boolean);
  if (words.length > maxWords) {
    // Keep a window around the hit, a third of it before the phrase.
    const before = countWords(sentence.slice(left, start));
    const from = Math.max(0, Math.min(before - Math.floor(maxWords / 3), words.length - maxWords));
    clause = words.slice(from, from + maxWords).join(' ');
  }
  return { text: tidy(clause), start: left, end: right };
}

/** Trims punctuation and discourse markers and capitalises the first letter. */
export function tidy(text: string): string {
  let t = text.trim().replace(/^[\s,.;:!?…"“”«»'-]+/u, '');
  t = t.replace(LEADING_MARKERS, '');
  t = t.replace(/[\s,;:…"“”«»-]+$/u, '').replace(/[.!]+$/u, '');
  t = t.replace(/\s+/gu, ' ').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}
