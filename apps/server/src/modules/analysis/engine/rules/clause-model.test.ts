import { readFileSync } from 'node:fs';
import type { Segment } from '@call-insights/contracts/transcript';
import { describe, expect, it } from 'vitest';
import { loadDevset } from '../evaluation/devset.js';
import { serializeClauseModel, trainClauseModel } from '../evaluation/train-clause-model.js';
import { normalizeForMatch } from '../text.js';
import { CUE_CLASSES, cuesOf } from './clause-cues.js';
import { pickClauses, probability, trainLogistic, type Clause, type ClauseModel } from './clause-model.js';
import { clauseSpans, widenClause } from './clause-spans.js';
import { analyzeWithRules } from './rules-analyzer.js';
import type { CallSentence } from './signals.js';

const spans = (text: string) => clauseSpans(text).map((s) => text.slice(s.start, s.end).trim());
const call = (...turns: [string, string][]): Segment[] =>
  turns.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 }));

describe('clause spans', () => {
  it('cuts at punctuation and "but", and a clause of fewer than four words joins its neighbour', () => {
    expect(spans("We're locked into a contract until June, but the price is too high for us.")).toEqual([
      "We're locked into a contract until June",
      'the price is too high for us.',
    ]);
    expect(spans('Honestly, yeah, we lose leads every single weekend.')).toEqual([
      'Honestly, yeah, we lose leads every single weekend.',
    ]);
  });

  it('cuts a long unpunctuated run at "and" / "because", then into windows of at most 24 words', () => {
    const run =
      'so we tried another company last year and it was a mess because nobody showed up on time and the crews kept changing every week';
    const parts = spans(run);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.join(' ')).toContain('nobody showed up on time');
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const windows = spans(words);
    expect(windows).toHaveLength(3);
    for (const w of windows) expect(w.split(' ').length).toBeLessThanOrEqual(24);
  });
});

describe('the text an item shows', () => {
  const at = (text: string, part: string) => {
    const start = text.indexOf(part);
    return { start, end: start + part.length };
  };

  it('takes in the clauses around it while the whole stays short', () => {
    const text = 'The invoices come in late, the crew waits on parts, and we eat the overtime.';
    expect(widenClause(text, at(text, 'the crew waits on parts'))).toBe(
      'The invoices come in late, the crew waits on parts, and we eat the overtime',
    );
    expect(widenClause(text, at(text, 'the crew waits on parts'), { maxWords: 6 })).toBe(
      'The crew waits on parts, and we eat the overtime',
    );
  });

  it('never takes in another item of the sentence, nor what follows "but"', () => {
    const two = "The price is steep, and we're tied to the old vendor until spring.";
    expect(
      widenClause(two, at(two, 'The price is steep'), { blocked: [at(two, "we're tied to the old vendor")] }),
    ).toBe('The price is steep');
    const turned = 'It runs over budget, but the demo looked great.';
    expect(widenClause(turned, at(turned, 'It runs over budget'))).toBe('It runs over budget');
    const fr = "C'est un peu cher, mais l'équipe a aimé la démo.";
    expect(widenClause(fr, at(fr, "C'est un peu cher"))).toBe("C'est un peu cher");
  });

  it('shows an item already longer than the limit as it was found', () => {
    const text =
      'we tried three different schedulers over the years and every one of them double booked the trucks';
    expect(
      widenClause(
        text,
        { ...at(text, 'every one of them double booked'), text: 'As found' },
        { maxWords: 4 },
      ),
    ).toBe('As found');
  });
});

describe('logistic regression', () => {
  const examples = [
    { features: ['w:late', 'w:again'], y: 1 as const },
    { features: ['w:late'], y: 1 as const },
    { features: ['w:fine'], y: 0 as const },
    { features: ['w:fine', 'w:again'], y: 0 as const },
  ];

  it('learns which features mark the positive class, the same way every time', () => {
    const a = trainLogistic(examples);
    expect(trainLogistic(examples)).toEqual(a);
    expect(probability(a, ['w:late'])).toBeGreaterThan(0.5);
    expect(probability(a, ['w:fine'])).toBeLessThan(0.5);
  });
});

describe('picking clauses', () => {
  const sentence = (index: number): CallSentence => ({
    text: '',
    norm: '',
    speaker: 'Prospect',
    turnIndex: index,
    index,
    question: false,
  });
  const clause = (text: string, index: number, features: string[]): Clause => ({
    text,
    sentence: sentence(index),
    start: 0,
    end: text.length,
    features,
  });
  const model: ClauseModel = {
    version: 0,
    trainedOn: 'test',
    thresholds: { objection: 0.5, pain: 0.5 },
    models: {
      objection: { bias: -3, weights: { 'c:cost': 5 } },
      pain: { bias: -3, weights: { 'c:loss': 5, 'c:cost': 4 } },
    },
  };

  it('keeps one clause per item said twice, gives each to its more probable kind, in call order', () => {
    const picked = pickClauses(
      [
        clause('We lose about ten leads a week', 3, ['c:loss']),
        clause('The price is too high for us', 1, ['c:cost']),
        clause('Yeah we lose leads every week', 5, ['c:loss']),
        clause('We open at nine', 2, []),
      ],
      model,
    );
    expect(picked.objection.map((c) => c.text)).toEqual(['The price is too high for us']);
    expect(picked.pain.map((c) => c.text)).toEqual(['We lose about ten leads a week']);
  });
});

describe('word classes of the clause model', () => {
  it('each has a reason, and words of both languages light it', () => {
    const samples: Record<string, [string, string]> = {
      cost: ["it's too expensive", "c'est trop cher"],
      timing: ['not right now', 'pas pour le moment'],
      incumbent: ['we already have someone', 'on a deja un fournisseur'],
      decider: ['my partner decides', 'je dois voir avec mon associe'],
      doubt: ['we got burned before', "j'ai des doutes"],
      enough: ["we're happy with what we have", 'on est satisfait'],
      trouble: ["it's a nightmare", "c'est la galere"],
      loss: ['we lose calls', 'on perd des appels'],
      manual: ['all in a spreadsheet', 'tout a la main'],
      recurrence: ['it happens all the time', 'ca arrive tout le temps'],
      intensity: ['way too slow', 'vraiment lent'],
      want: ['we need a way to track them', 'on cherche un outil simple'],
      neglect: ['nobody called to warn us', 'personne ne nous a prevenus'],
      damage: ['the basement is soaked', 'il y a une fuite au plafond'],
      relative: ['my cousin does our books', "c'est mon voisin qui s'en occupe"],
      tenure: ['we have been with them for years', 'on est chez eux depuis longtemps'],
    };
    for (const c of CUE_CLASSES) {
      expect(c.why.length).toBeGreaterThan(20);
      const [en, fr] = samples[c.key] ?? ['', ''];
      expect(cuesOf(normalizeForMatch(en)), `${c.key} in "${en}"`).toContain(c.key);
      expect(cuesOf(normalizeForMatch(fr)), `${c.key} in "${fr}"`).toContain(c.key);
      const alternatives = c.pattern.source
        .replace(/^.*\(\?:/u, '')
        .replace(/\)$/u, '')
        .split('|');
      expect(new Set(alternatives).size, `duplicate words in ${c.key}`).toBe(alternatives.length);
    }
    // "Need to" asks someone or takes time: not a want.
    expect(cuesOf(normalizeForMatch('I need to talk to my wife'))).not.toContain('want');
  });
});

describe('the trained model in the analyzer', () => {
  it('is what training on the development set gives (reproducible, and retrained after a feature change)', () => {
    const committed = readFileSync(new URL('./clause-model.json', import.meta.url), 'utf8');
    expect(serializeClauseModel(trainClauseModel(loadDevset()).model)).toBe(committed);
    // Training on the 272 dev calls takes about 40 s alone on one core, more on a busy machine.
  }, 300_000);

  it('lists a clause once, as an objection or as a pain point, never as both', () => {
    const a = analyzeWithRules({
      segments: call(
        [
          'Conseiller',
          'Bonjour, ici Julie de Caissia. Le forfait est à douze euros cinquante par utilisateur par mois.',
        ],
        ['Client', "C'est trop cher pour nous, on perd déjà trop de temps avec notre caisse actuelle."],
      ),
      text: '',
      language: 'fr',
    });
    expect(a.objections).toContain("C'est trop cher pour nous");
    for (const o of a.objections) expect(a.pain_points).not.toContain(o);
    expect(a.objections.length + a.pain_points.length).toBe(2);
  });

  it('never takes an objection or a pain point from the rep or from a question', () => {
    const a = analyzeWithRules({
      segments: call(
        ['Agent', 'Most shops tell me it is too expensive and that they lose calls every week.'],
        ['Customer', 'Do you lose calls on weekends too?'],
        ['Agent', 'We used to, our old system was a nightmare and we wasted hours every day.'],
      ),
      text: '',
      language: 'en',
    });
    expect(a.objections).toEqual([]);
    expect(a.pain_points).toEqual([]);
  });
});
