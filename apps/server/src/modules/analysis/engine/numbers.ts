/**
 * Spoken numbers: English and French cardinal number words read into values, as speech-to-text
 * engines without number formatting write them ("three hundred and fifty", "twelve hundred",
 * "two ninety nine", "one point five million", "soixante-quinze", "quatre-vingt-dix-neuf",
 * "mille deux cents"). Input is a list of already lower-cased, accent-free word tokens (hyphens split
 * words, so "forty-nine" arrives as "forty", "nine"); `readNumberWords` reads the longest number
 * that starts at a given token and says how many tokens it used.
 *
 * Grammar (both languages): units (1–9), teens (10–19, French 10–16), tens (20–90), then scale words
 * (hundred/cent ×100, thousand/mille ×1 000, million ×1 000 000). A unit cannot follow a unit and a
 * ten cannot follow a ten ("five five five" is three numbers, as in a phone number), so digit-by-digit
 * readings never merge.
 * English: "and" may join after a scale ("three hundred and fifty"); "a hundred", "a thousand";
 * the price readings of two groups: a unit then a ten is hundreds ("two ninety nine" = 299, "one
 * forty" = 140), a number from 10 to 99 then a ten is dollars and cents ("twenty four fifty" = 24.50,
 * "forty four ninety nine" = 44.99); "point" reads decimals digit by digit ("one point five million"); French "virgule" reads them
 * as a number ("zéro virgule quatre-vingt-cinq" = 0.85).
 * French: "quatre-vingt(s)" is 80, "soixante-dix"… "quatre-vingt-dix-neuf" add up (60+10+7, 80+10+9),
 * "et un" / "et onze" join after a ten; Belgian and Swiss "septante", "huitante", "octante",
 * "nonante"; "cent(s)" multiplies what precedes it ("deux cents", "douze cents"), "mille" what
 * precedes it ("quatre mille six cents"). "un"/"une" alone is a number only when a scale follows
 * ("un million"), since it is far more often an article.
 */

export type NumberLanguage = 'en' | 'fr';

type Word =
  { kind: 'unit' | 'teen' | 'ten'; value: number } | { kind: 'scale'; value: number } | { kind: 'zero' };

const EN_WORDS: Record<string, Word> = {
  zero: { kind: 'zero' },
  oh: { kind: 'zero' },
  one: { kind: 'unit', value: 1 },
  two: { kind: 'unit', value: 2 },
  three: { kind: 'unit', value: 3 },
  four: { kind: 'unit', value: 4 },
  five: { kind: 'unit', value: 5 },
  six: { kind: 'unit', value: 6 },
  seven: { kind: 'unit', value: 7 },
  eight: { kind: 'unit', value: 8 },
  nine: { kind: 'unit', value: 9 },
  ten: { kind: 'teen', value: 10 },
  eleven: { kind: 'teen', value: 11 },
  twelve: { kind: 'teen', value: 12 },
  thirteen: { kind: 'teen', value: 13 },
  fourteen: { kind: 'teen', value: 14 },
  fifteen: { kind: 'teen', value: 15 },
  sixteen: { kind: 'teen', value: 16 },
  seventeen: { kind: 'teen', value: 17 },
  eighteen: { kind: 'teen', value: 18 },
  nineteen: { kind: 'teen', value: 19 },
  twenty: { kind: 'ten', value: 20 },
  thirty: { kind: 'ten', value: 30 },
  forty: { kind: 'ten', value: 40 },
  fourty: { kind: 'ten', value: 40 },
  fifty: { kind: 'ten', value: 50 },
  sixty: { kind: 'ten', value: 60 },
  seventy: { kind: 'ten', value: 70 },
  eighty: { kind: 'ten', value: 80 },
  ninety: { kind: 'ten', value: 90 },
  hundred: { kind: 'scale', value: 100 },
  thousand: { kind: 'scale', value: 1000 },
  grand: { kind: 'scale', value: 1000 },
  million: { kind: 'scale', value: 1_000_000 },
};

const FR_WORDS: Record<string, Word> = {
  zero: { kind: 'zero' },
  un: { kind: 'unit', value: 1 },
  une: { kind: 'unit', value: 1 },
  deux: { kind: 'unit', value: 2 },
  trois: { kind: 'unit', value: 3 },
  quatre: { kind: 'unit', value: 4 },
  cinq: { kind: 'unit', value: 5 },
  six: { kind: 'unit', value: 6 },
  sept: { kind: 'unit', value: 7 },
  huit: { kind: 'unit', value: 8 },
  neuf: { kind: 'unit', value: 9 },
  dix: { kind: 'teen', value: 10 },
  onze: { kind: 'teen', value: 11 },
  douze: { kind: 'teen', value: 12 },
  treize: { kind: 'teen', value: 13 },
  quatorze: { kind: 'teen', value: 14 },
  quinze: { kind: 'teen', value: 15 },
  seize: { kind: 'teen', value: 16 },
  vingt: { kind: 'ten', value: 20 },
  vingts: { kind: 'ten', value: 20 },
  trente: { kind: 'ten', value: 30 },
  quarante: { kind: 'ten', value: 40 },
  cinquante: { kind: 'ten', value: 50 },
  soixante: { kind: 'ten', value: 60 },
  septante: { kind: 'ten', value: 70 },
  huitante: { kind: 'ten', value: 80 },
  octante: { kind: 'ten', value: 80 },
  nonante: { kind: 'ten', value: 90 },
  cent: { kind: 'scale', value: 100 },
  cents: { kind: 'scale', value: 100 },
  mille: { kind: 'scale', value: 1000 },
  million: { kind: 'scale', value: 1_000_000 },
  millions: { kind: 'scale', value: 1_000_000 },
};

const WORDS: Record<NumberLanguage, Record<string, Word>> = { en: EN_WORDS, fr: FR_WORDS };

/** Whether a token is a number word of the language (scales and "and"/"et" excluded). */
export function isNumberWord(token: string, language: NumberLanguage): boolean {
  const w = WORDS[language][token];
  return w !== undefined && w.kind !== 'scale';
}

/** The value of a digit word (1–9: "nine", "neuf") of the language, or undefined. */
export function digitWord(token: string, language: NumberLanguage): number | undefined {
  const w = WORDS[language][token];
  return w?.kind === 'unit' ? w.value : undefined;
}

/**
 * Whether number words may start at a token, as `readNumberWords` reads them: a number word (zero
 * included: French "zéro virgule…"), or English "a" / "another" before a scale ("a hundred").
 * Why: the price reader asks at every word of a call, and nearly all are no number.
 */
export function mayStartNumberWords(
  token: string,
  next: string | undefined,
  language: NumberLanguage,
): boolean {
  const dict = WORDS[language];
  if (dict[token] !== undefined) return true;
  return language === 'en' && (token === 'a' || token === 'another') && dict[next ?? '']?.kind === 'scale';
}

/** The value of a unit word (1–9) that completes a ten ("ninety nine"), 0 otherwise. */
function unitAfter(dict: Record<string, Word>, token: string | undefined): number {
  const w = dict[token ?? ''];
  return w?.kind === 'unit' ? w.value : 0;
}

export type NumberRead = {
  value: number;
  /** Tokens used, from `from`. */
  length: number;
  /** The largest scale word used (100, 1000, 1e6), 1 when none: "four hundred" → 100. */
  scale: number;
  /**
   * The other price reading of two groups, when there is one: "seven fifty" is 750 or 7.50,
   * "fourteen fifty" 14.50 or 1,450. The caller may pick it by the amounts around (see signals.ts).
   */
  alt?: number;
};

/** Fractions said after a number with "and a" ("eight and a half"). */
const FRACTIONS: Readonly<Record<string, number>> = { half: 0.5, quarter: 0.25 };

/**
 * Reads the longest number made of words that starts at `tokens[from]`, or null. Digits are not read
 * here (the caller parses them); `tokens` are lower-case and accent-free.
 */
export function readNumberWords(
  tokens: readonly string[],
  from: number,
  language: NumberLanguage,
): NumberRead | null {
  const dict = WORDS[language];
  let total = 0; // completed thousands/millions
  let current = 0; // below the last thousand
  let last: Word['kind'] | 'start' | 'and' = 'start';
  let lastValue = 0;
  let scale = 1;
  let best: NumberRead | null = null;
  let i = from;
  let sawNumber = false;
  let hundredsOf: number | null = null; // the unit of "two ninety nine" read as hundreds
  let readBeforeAnd: NumberRead | null = null; // what was read before an English "and"

  const commit = () => {
    if (!sawNumber) return;
    best = { value: total + current, length: i - from, scale };
    if (hundredsOf !== null && scale === 1 && total === 0)
      best.alt = hundredsOf + (current - hundredsOf * 100) / 100;
  };

  while (i < tokens.length) {
    const tok = tokens[i] ?? '';
    // "a hundred", "a thousand", "another hundred" (an added charge) (English); "un"/"une" only count
    // before a scale (see module comment).
    if (language === 'en' && (tok === 'a' || tok === 'another') && i === from) {
      const next = dict[tokens[i + 1] ?? ''];
      if (next?.kind === 'scale' && next.value <= 1000) {
        current = 1;
        last = 'unit';
        lastValue = 1;
        i++;
        continue;
      }
      break;
    }
    if (tok === 'and' && language === 'en' && sawNumber && tokens[i + 1] === 'a' && total === 0) {
      // "eight and a half", "twelve and a half thousand", "two and a quarter million": a fraction of
      // the number just said, then perhaps its scale.
      const fraction = FRACTIONS[tokens[i + 2] ?? ''];
      if (fraction !== undefined && Number.isInteger(current) && current > 0 && current < 1000) {
        current += fraction;
        i += 3;
        const next = dict[tokens[i] ?? ''];
        if (next?.kind === 'scale' && next.value >= 1000) {
          total = current * next.value;
          current = 0;
          scale = next.value;
          i++;
        }
        commit();
        break;
      }
    }
    if (tok === 'and' && language === 'en') {
      // Only after a scale, and only if a number follows ("three hundred and fifty").
      const next = dict[tokens[i + 1] ?? ''];
      if (last !== 'scale' || !next || next.kind === 'scale' || next.kind === 'zero') break;
      readBeforeAnd = best;
      last = 'and';
      i++;
      continue;
    }
    if (tok === 'et' && language === 'fr') {
      // "vingt et un", "soixante et onze".
      const next = tokens[i + 1] ?? '';
      if (last !== 'ten' || (next !== 'un' && next !== 'une' && next !== 'onze')) break;
      last = 'and';
      i++;
      continue;
    }
    if (tok === 'point' && language === 'en' && sawNumber) {
      // Decimals read digit by digit: "one point five", "two point two five million".
      let j = i + 1;
      let digits = '';
      while (j < tokens.length) {
        const d = dict[tokens[j] ?? ''];
        if (d?.kind === 'unit') digits += String(d.value);
        else if (d?.kind === 'zero') digits += '0';
        else break;
        j++;
      }
      if (!digits) break;
      current += Number(`0.${digits}`);
      i = j;
      // A scale may still follow ("one point five million").
      const next = dict[tokens[i] ?? ''];
      if (next?.kind === 'scale' && next.value >= 1000) {
        total = (total + current) * next.value;
        current = 0;
        scale = Math.max(scale, next.value);
        i++;
      }
      commit();
      break;
    }
    if (language === 'fr' && dict[tok]?.kind === 'zero' && last === 'start' && tokens[i + 1] === 'virgule') {
      // "zéro virgule quatre-vingt-cinq": a number may open with "zéro" before its decimals.
      sawNumber = true;
      i++;
      continue;
    }
    if (tok === 'virgule' && language === 'fr' && sawNumber) {
      // French decimals are said as a number after "virgule": "deux virgule cinq" = 2.5, "zéro
      // virgule quatre-vingt-cinq" = 0.85, "un virgule zéro cinq" = 1.05.
      let j = i + 1;
      let zeros = '';
      while (dict[tokens[j] ?? '']?.kind === 'zero') {
        zeros += '0';
        j++;
      }
      const decimals = readNumberWords(tokens, j, language);
      if (decimals && (decimals.value >= 100 || !Number.isInteger(decimals.value))) break;
      if (!decimals && !zeros) break;
      current += Number(`0.${zeros}${decimals ? String(decimals.value) : ''}`);
      i = j + (decimals?.length ?? 0);
      commit();
      break;
    }
    if (language === 'en' && tok === 'oh' && last === 'unit' && total === 0 && current > 0 && current < 10) {
      // "two oh five" = 205 (or 2.05), like "two ninety nine": hundreds, "oh" for the zero tens, then a
      // unit. Nothing follows it ("one oh nine a month").
      const next = dict[tokens[i + 1] ?? ''];
      if (next?.kind !== 'unit') break;
      hundredsOf = current;
      current = current * 100 + next.value;
      i += 2;
      commit();
      break;
    }
    const w = dict[tok];
    if (!w || w.kind === 'zero') break;
    // "twelve hundred one time", "a one-off fee": "one time" / "one off" is a fixed phrase.
    if (tok === 'one' && /^(?:time|off|shot)$/u.test(tokens[i + 1] ?? '')) break;
    if (w.kind === 'unit') {
      if (language === 'fr' && (tok === 'un' || tok === 'une') && last === 'start') {
        const next = dict[tokens[i + 1] ?? ''];
        if (tokens[i + 1] !== 'virgule' && (next?.kind !== 'scale' || next.value < 1000)) break;
      }
      if (last === 'unit' || last === 'teen') break;
      current += w.value;
    } else if (w.kind === 'teen') {
      if (language === 'en' && last === 'unit' && total === 0 && current < 10 && current > 0) {
        // "three nineteen" = 319 (or 3.19), like "two ninety nine".
        hundredsOf = current;
        current = current * 100 + w.value;
        last = 'teen';
        lastValue = w.value;
        i++;
        sawNumber = true;
        commit();
        break;
      }
      if (last === 'unit' || last === 'teen') break;
      if (last === 'ten' && language === 'en') break;
      // French 70–79 and 90–99: "soixante-dix-sept", "quatre-vingt-onze"; other tens take no teen.
      if (last === 'ten' && lastValue !== 60 && lastValue !== 80) break;
      current += w.value;
      // "dix-sept", "dix-huit", "dix-neuf": a unit may follow "dix" in French.
      if (language === 'fr' && w.value === 10) {
        const next = dict[tokens[i + 1] ?? ''];
        if (next?.kind === 'unit' && next.value >= 7) {
          current += next.value;
          i++;
        }
      }
    } else if (w.kind === 'ten') {
      if (language === 'fr' && w.value === 20 && last === 'unit' && lastValue === 4) {
        // "quatre-vingt(s)" = 80.
        current += 80 - 4;
        last = 'ten';
        lastValue = 80;
        i++;
        sawNumber = true;
        commit();
        continue;
      }
      if (last === 'ten') break;
      if (language === 'en' && (last === 'unit' || last === 'teen') && total === 0 && current < 10) {
        // "two ninety nine" = 299, "one forty" = 140: a price said in hundreds.
        hundredsOf = current;
        current = current * 100 + w.value;
      } else if (language === 'en' && (last === 'unit' || last === 'teen') && total === 0 && current < 100) {
        // "twenty four fifty" = 24.50, "forty four ninety nine" = 44.99: dollars, then cents.
        const cents = w.value + unitAfter(dict, tokens[i + 1]);
        const read = {
          value: current + cents / 100,
          length: i - from + (cents > w.value ? 2 : 1),
          scale,
          alt: current * 100 + cents,
        };
        return read;
      } else if (last === 'unit' || last === 'teen') {
        break;
      } else {
        current += w.value;
      }
    } else {
      // A scale multiplies what precedes it; "hundred" only what is below the last thousand.
      // French "cent euros", "mille deux cents": a scale may open the number (one of it).
      if (last === 'start' && language === 'fr' && w.value <= 1000) current = 1;
      else if (last === 'start' || last === 'and') break;
      if (w.value === 100) {
        // "mille cent" (1 100), "deux mille cent": after a thousand, "cent" alone is one hundred.
        if (language === 'fr' && current === 0 && total > 0 && last === 'scale') current = 100;
        // "between eighteen hundred and twenty-four hundred": a second "hundred" after "and" starts a
        // second number; the first one ends before "and".
        else if (current >= 100 && readBeforeAnd) return readBeforeAnd;
        else if (current === 0 || (current % 100 === 0 && current >= 100)) break;
        // "quatre-vingt-onze cents le litre" is 91 centimes: French multiplies hundreds up to "dix-neuf cents".
        else if (language === 'fr' && current >= 20 && tok === 'cents') break;
        else current *= 100;
      } else {
        if (current === 0 && total === 0) break;
        total = (total + current) * w.value;
        current = 0;
      }
      scale = Math.max(scale, w.value);
    }
    last = w.kind;
    lastValue = w.value;
    sawNumber = true;
    i++;
    commit();
  }
  return best;
}
