import type { Segment } from '@call-insights/contracts/transcript';
import type { ConversationMetrics } from '@call-insights/contracts/analysis';
import { describe, expect, it } from 'vitest';
import { ENGLISH_ONLY_CATALOGUE_JSON } from '../../../test-support/coach-catalogues.js';
import { CoachingSelectionError, DEFAULT_CATALOGUE, DEFAULT_COACH, loadCoachCatalogue } from './catalogue.js';
import { createRulesCoach, metricLines, rulesFeedback } from './rules-coach.js';

function call(...turns: [string, string, number][]): Segment[] {
  let t = 0;
  return turns.map(([speaker, text, seconds]) => {
    const seg = { speaker, text, start: t, end: t + seconds };
    t += seconds + 1;
    return seg;
  });
}

/* Connecting, situation, problem-awareness, consequence and commitment questions; no
   solution-awareness and no qualifying question. */
const NEPQ_CALL = call(
  ['Rep', 'Hi Dana, thanks for taking the call. What made you want to take a look at our service?', 6],
  ['Customer', 'We keep missing calls at the front desk.', 4],
  ['Rep', 'How are you handling the phones right now?', 3],
  ['Customer', 'Two receptionists, and voicemail after five.', 4],
  ['Rep', "What don't you like about how it works now?", 3],
  ['Customer', 'People hang up on voicemail and book somewhere else.', 5],
  ['Rep', 'What happens if nothing changes over the next six months?', 4],
  ['Customer', 'We keep losing maybe ten new patients a month.', 4],
  [
    'Rep',
    'We answer every call around the clock and book straight into your calendar. It takes ten minutes to set up.',
    120,
  ],
  ['Rep', 'Would it make sense to set up a time to walk your manager through it?', 4],
  ['Customer', 'Yes, Thursday works.', 2],
);

describe('rules coach', () => {
  const coach = createRulesCoach(DEFAULT_CATALOGUE);
  const feedback = () =>
    coach.coach({ segments: NEPQ_CALL, text: '', coachName: DEFAULT_COACH.name, method: 'NEPQ' });

  it('finds the NEPQ question types the rep used, with a quote', async () => {
    const lines = (await feedback()).split('\n');
    expect(lines).toContain(
      'Connecting questions: Done — "What made you want to take a look at our service?"',
    );
    expect(lines).toContain('Situation questions: Done — "How are you handling the phones right now?"');
    expect(lines).toContain(
      `Problem-awareness questions: Done — "What don't you like about how it works now?"`,
    );
    expect(lines).toContain(
      'Consequence questions: Done — "What happens if nothing changes over the next six months?"',
    );
    expect(lines).toContain(
      'Commitment questions: Done — "Would it make sense to set up a time to walk your manager through it?"',
    );
  });

  it('flags the missing ones with a question to try', async () => {
    const lines = (await feedback()).split('\n');
    const solution = lines.find((l) => l.startsWith('Solution-awareness questions:'));
    expect(solution).toMatch(/^Solution-awareness questions: Missing\. .* Try: "If that were fixed/u);
    expect(lines.find((l) => l.startsWith('Qualifying questions:'))).toMatch(/Missing/u);
    expect(lines.at(-1)).toBe(
      'Overall: 5 of 7 question types heard. Next call, work on: solution-awareness questions, qualifying questions.',
    );
  });

  it('adds one line per metric against the anchors', async () => {
    const lines = (await feedback()).split('\n');
    // Rep talk: 6+3+3+4+120+4 = 140 s of 159 s → 88 %; 5 questions; longest monologue 120 + 1 + 4 = 125 s.
    expect(lines).toContain(
      'Talk ratio: You talked 88% of the time, the prospect 12%. Winning calls sit near 43:57 — ask more and let the prospect talk.',
    );
    expect(lines).toContain(
      'Question count: You asked 5 questions. Winning discovery calls have about 11–14; add situation and problem-awareness questions.',
    );
    expect(lines.find((l) => l.startsWith('Longest monologue:'))).toBe(
      'Longest monologue: 125 s. Keep any stretch under about 90 seconds and hand the conversation back with a question.',
    );
    expect(lines.find((l) => l.startsWith('Patience:'))).toBeDefined();
  });

  it('writes every line as "Label: feedback"', async () => {
    for (const line of (await feedback()).split('\n')) expect(line).toMatch(/^[^:]{3,60}: \S/u);
  });

  it('coaches a French call in French', async () => {
    const fr = await coach.coach({
      segments: call(
        ['Conseiller', "Bonjour, qu'est-ce qui vous a amené à nous contacter ?", 4],
        ['Client', 'On perd des appels le midi.', 3],
        ['Conseiller', 'Et si rien ne change, ça vous coûte combien par mois ?', 4],
        ['Client', 'Peut-être mille euros.', 2],
      ),
      text: '',
      coachName: DEFAULT_COACH.name,
      method: 'nepq',
      language: 'fr',
    });
    const lines = fr.split('\n');
    expect(lines[0]).toBe(
      "Questions de connexion : présentes — « Bonjour, qu'est-ce qui vous a amené à nous contacter ? »",
    );
    expect(lines).toContain(
      'Questions de conséquence : présentes — « Et si rien ne change, ça vous coûte combien par mois ? »',
    );
    expect(lines.find((l) => l.startsWith("Questions d'engagement"))).toMatch(
      /absentes\. Demander au prospect de choisir lui-même la prochaine étape, .* Essayez : « .* »$/u,
    );
    // Nothing of the English catalogue or the English lines shows through.
    expect(fr).not.toMatch(/questions:|Missing|Done|Try:|Talk ratio|Overall|Ask the prospect/u);
    expect(lines.at(-1)).toMatch(/^Bilan : 3 types de questions sur 7\. Au prochain appel, travaillez : /u);
  });

  it('writes French figures the French way: a decimal comma, no type in the singular', () => {
    const speaker = { talk_seconds: 60, talk_ratio: 0.5, words_per_minute: 150 };
    const metrics: ConversationMetrics = {
      rep_speaker: 'A',
      total_duration: 120,
      interactivity: 4,
      patience_seconds: 0.74,
      speakers: [
        { ...speaker, speaker: 'A', question_count: 12, longest_monologue_seconds: 12.5 },
        { ...speaker, speaker: 'B', question_count: 0, longest_monologue_seconds: 8 },
      ],
    };
    const lines = metricLines(metrics, 'fr');
    expect(lines).toContain('Plus long monologue : 13 s. Assez court pour garder le prospect engagé.');
    expect(lines.find((l) => l.startsWith('Patience'))).toMatch(
      /^Patience : vous avez attendu 0,7 s en moyenne/u,
    );
    expect(metricLines(metrics, 'en').find((l) => l.startsWith('Patience'))).toMatch(/waited 0\.7 s/u);
    const method = DEFAULT_CATALOGUE.methods[0]!;
    expect(rulesFeedback(method, [], metrics, 'fr').split('\n').at(-1)).toMatch(
      /^Bilan : 0 type de questions sur 7\./u,
    );
  });

  it('coaches a French call from a catalogue without French in English words, without failing', async () => {
    const englishOnly = loadCoachCatalogue(ENGLISH_ONLY_CATALOGUE_JSON);
    const lines = (
      await createRulesCoach(englishOnly).coach({
        segments: call(['Conseiller', 'Bonjour, comment allez-vous ?', 3], ['Client', 'Bien.', 1]),
        text: '',
        coachName: 'Sam',
        method: 'Discovery',
        language: 'fr',
      })
    ).split('\n');
    expect(lines[0]).toBe(
      'Pain questions : absentes. Find what hurts. Essayez : « What is not working for you? »',
    );
    expect(lines.some((l) => l.startsWith('Nombre de questions : '))).toBe(true);
  });

  it('works from transcript text alone, without time-based lines', async () => {
    const text =
      'Agent: What prompted you to reach out?\nClient: Our phones ring all day.\nAgent: Does Tuesday work for a demo?';
    const lines = (
      await coach.coach({ segments: [], text, coachName: DEFAULT_COACH.name, method: 'NEPQ' })
    ).split('\n');
    expect(lines[0]).toBe('Connecting questions: Done — "What prompted you to reach out?"');
    expect(lines.some((l) => l.startsWith('Talk ratio:'))).toBe(false);
    expect(lines.some((l) => l.startsWith('Question count:'))).toBe(true);
  });

  it('rejects a coach or method outside the catalogue', async () => {
    await expect(
      coach.coach({ segments: NEPQ_CALL, text: '', coachName: 'Nobody', method: 'NEPQ' }),
    ).rejects.toMatchObject({
      field: 'coach_name',
    });
    await expect(
      coach.coach({ segments: NEPQ_CALL, text: '', coachName: DEFAULT_COACH.name, method: 'SPIN' }),
    ).rejects.toBeInstanceOf(CoachingSelectionError);
  });
});
