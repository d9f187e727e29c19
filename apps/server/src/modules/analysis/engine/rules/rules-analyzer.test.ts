import { Analysis } from '@call-insights/contracts/analysis';
import type { Segment } from '@call-insights/contracts/transcript';
import { describe, expect, it } from 'vitest';
import { leadScore } from './lead-score.js';
import { LEXICON_EN } from './lexicon.en.js';
import { analyzeWithRules, createRulesAnalyzer } from './rules-analyzer.js';

/** Segments from [speaker, text] pairs, 5 s each. */
function call(...turns: [string, string][]): Segment[] {
  return turns.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 }));
}
const analyze = (segments: Segment[], language?: string) =>
  analyzeWithRules({ segments, text: '', language });

describe('rules analyzer: questions and answers', () => {
  it('pairs each question with the next turn of the other speaker and says who asked', () => {
    const a = analyze(
      call(
        ['Rep', 'Hi, this is Dana from BrightDesk. Do you have a minute?'],
        ['Customer', 'Sure, go ahead.'],
        ['Rep', 'How many calls do you get a day? And who answers them?'],
        ['Customer', "About eighty. Our receptionist, when she's not busy."],
        ['Customer', 'Why do you ask?'],
        ['Rep', 'Because most clinics miss a third of them. Right?'],
      ),
    );
    expect(a.questions).toEqual([
      'Do you have a minute?',
      'How many calls do you get a day?',
      'And who answers them?',
      'Why do you ask?',
    ]);
    expect(a.answers).toEqual([
      'Sure, go ahead.',
      '',
      "About eighty. Our receptionist, when she's not busy. Why do you ask?",
      'Because most clinics miss a third of them. Right?',
    ]);
    expect(a.question_speakers).toEqual(['Rep', 'Rep', 'Rep', 'Customer']);
  });

  it('finds questions without punctuation from interrogative openers, in English and French', () => {
    const en = analyze(
      call(['A', 'so how many locations do you have'], ['B', 'we have three'], ['A', 'okay that helps']),
    );
    expect(en.questions).toEqual(['so how many locations do you have']);
    expect(en.answers).toEqual(['we have three']);
    const fr = analyze(
      call(
        ['A', 'Bonjour, avez-vous deux minutes'],
        ['B', 'Oui allez-y'],
        ['A', 'Est-ce que vous utilisez un logiciel ?'],
        ['B', 'Non, tout est sur papier.'],
      ),
      'fr',
    );
    expect(fr.questions).toEqual([
      'Bonjour, avez-vous deux minutes',
      'Est-ce que vous utilisez un logiciel ?',
    ]);
    expect(fr.answers).toEqual(['Oui allez-y', 'Non, tout est sur papier.']);
  });
});

describe('rules analyzer: objections, pain points, pricing', () => {
  const a = analyze(
    call(
      [
        'Rep',
        'What are you using today to answer calls? A lot of clients tell me our plan is too expensive at first.',
      ],
      [
        'Customer',
        "We already use a voicemail service. Honestly we miss a lot of calls after hours, it's frustrating.",
      ],
      ['Rep', 'Our plan is $299 per month, plus a one-time setup fee of $500.'],
      ['Customer', "That's more than we budgeted. It's not too complicated to set up, I hope?"],
      ['Customer', 'I need to talk to my business partner first.'],
      ['Rep', 'Of course.'],
    ),
  );

  it('takes objections from the prospect only, one per clause', () => {
    expect(a.objections).toEqual([
      'We already use a voicemail service',
      "That's more than we budgeted",
      'I need to talk to my business partner first',
    ]);
  });

  it('takes pain points from the prospect, as clauses in their words', () => {
    // "it's frustrating" is too short on its own: one pain point, shown with it (one thought).
    expect(a.pain_points).toEqual(["We miss a lot of calls after hours, it's frustrating"]);
  });

  it('writes prices with currency and period', () => {
    expect(a.pricing_discussed).toEqual(['$299 per month', '$500 one-time']);
  });

  it('skips negated phrases', () => {
    const b = analyze(
      call(['Rep', 'How is it going?'], ['Customer', "It's not expensive. We don't have missed calls."]),
    );
    expect(b.objections).toEqual([]);
    expect(b.pain_points).toEqual([]);
  });

  it('reads French objections, pain points and prices', () => {
    const fr = analyze(
      call(
        ['Agent', 'Comment gérez-vous les rendez-vous aujourd’hui ?'],
        ['Client', 'Par téléphone. La secrétaire est débordée et on rate des appels.'],
        ['Agent', "L'abonnement est à 1 200 € par an, soit 100 € par mois."],
        ['Client', "C'est trop cher pour nous, et on est sous contrat jusqu'en juin."],
      ),
    );
    expect(fr.objections).toEqual(["C'est trop cher pour nous", "On est sous contrat jusqu'en juin"]);
    expect(fr.pain_points).toEqual(['La secrétaire est débordée et on rate des appels']);
    expect(fr.pricing_discussed).toEqual(['1 200 € par an', '100 € par mois']);
  });
});

describe('rules analyzer: competing offers', () => {
  it('hears a competing quote as an objection, in English and French', () => {
    const en = analyze(
      call(
        ['Rep', 'The repair comes to $4,500.'],
        ['Customer', 'Another company quoted me less. I need to think about it.'],
      ),
      'en',
    );
    expect(en.objections.join(' ')).toMatch(/Another company quoted me less/);
    const fr = analyze(
      call(
        ['Rep', 'La réparation coûte 4 500 $.'],
        ['Customer', "J'ai un autre devis, c'est moins cher ailleurs."],
      ),
      'fr',
    );
    expect(fr.objections.length).toBeGreaterThan(0);
  });
});

describe('rules analyzer: result class', () => {
  const cls = (...turns: [string, string][]) => analyze(call(...turns)).result_class;

  it('reads rejection, follow-up and booking cues', () => {
    expect(cls(['A', 'Can I tell you about our service?'], ['B', "No thanks, I'm not interested."])).toBe(
      'not_interested',
    );
    expect(cls(['A', 'Is this a good time?'], ['B', 'Not really. Call me back next week.'])).toBe(
      'follow_up',
    );
    expect(
      cls(['A', 'Does Tuesday at 2 work?'], ['B', 'Tuesday at 2 works.'], ['A', "Great, you're booked."]),
    ).toBe('appointment');
    expect(cls(['A', 'Hi, is this Brenda?'], ['B', 'No, you have the wrong number.'])).toBe('other');
  });

  it('handles negation: "not interested" is a refusal, "interested" alone is no outcome', () => {
    expect(cls(['A', 'What do you think?'], ['B', "I'm interested, tell me more."])).toBe('other');
    expect(cls(['A', 'What do you think?'], ['B', "Honestly, I'm not interested."])).toBe('not_interested');
    expect(cls(['A', 'Should I call you next week?'], ['B', "Please don't call me back."])).toBe(
      'not_interested',
    );
    expect(cls(['A', 'Thoughts?'], ['B', "It's not that I'm not interested. Call me back in June."])).toBe(
      'follow_up',
    );
  });

  it('lets the last relevant cue win', () => {
    expect(
      cls(
        ['A', 'Can I show you a demo?'],
        ['B', "No, we're not interested."],
        ['A', 'Fair enough. Can I ask how you track missed calls?'],
        ['B', "We don't. Okay, fine, let's book a demo. Friday at 3 works."],
      ),
    ).toBe('appointment');
    expect(cls(['A', 'Shall we?'], ['B', "Friday at 3 works. Actually, no, I'm not interested."])).toBe(
      'appointment',
    );
    expect(
      cls(
        ['A', 'Shall we?'],
        ['B', 'Friday at 3 works.'],
        ['A', "You're booked. I'll send you a follow-up email."],
      ),
    ).toBe('appointment');
    expect(cls(['A', 'Booked for Friday.'], ['B', 'Sorry, I need to cancel the meeting.'])).toBe(
      'not_interested',
    );
  });

  it('ignores cues inside questions', () => {
    expect(cls(['A', 'Would you like to book a demo?'], ['B', 'Maybe later.'])).toBe('other');
  });

  it('reads French cues', () => {
    expect(cls(['A', 'Je vous présente notre offre ?'], ['B', "Non merci, ça ne m'intéresse pas."])).toBe(
      'not_interested',
    );
    expect(cls(['A', 'On en reparle ?'], ['B', 'Rappelez-moi la semaine prochaine.'])).toBe('follow_up');
    expect(cls(['A', 'Mardi à 14 h ?'], ['B', "D'accord, mardi à 14 h ça me va."])).toBe('appointment');
  });
});

describe('rules analyzer: summary, score, determinism', () => {
  const segments = call(
    [
      'Rep',
      "Hi, this is Megan from CallNest. We answer after-hours calls for dental offices, and I'd like to ask a few questions.",
    ],
    [
      'Customer',
      'Sure. Honestly we miss a lot of new patients after hours, they just call the next dentist.',
    ],
    ['Rep', 'How many calls come in after hours?'],
    ['Customer', 'Maybe fifteen a week. The front desk is overwhelmed during the day too.'],
    ['Rep', 'Our plan is $299 per month and most offices cover it with two new patients.'],
    ['Customer', "That's more than we budgeted, but it sounds interesting."],
    ['Rep', 'Would a short demo on Thursday help?'],
    ['Customer', 'Okay, Thursday at 2 pm works for me.'],
    ['Rep', "Perfect, you're booked for Thursday at 2 pm and I'll send a calendar invite."],
  );
  const a = analyze(segments);

  it('summarises who spoke with whom about what, the needs, the concerns and the booking', () => {
    expect(a.call_summary).toBe(
      'Megan (CallNest) spoke with the prospect about answering after-hours calls for dental offices. ' +
        'The prospect’s problems: “We miss a lot of new patients after hours, they just call the next dentist”; “The front desk is overwhelmed during the day too”. ' +
        'Concerns: “That’s more than we budgeted”. '.replace('’', "'") +
        'Price discussed: $299 per month. ' +
        'Agreed: a demo, Thursday at 2 pm.',
    );
    expect(a.call_results).toMatch(/^Appointment booked: ".*Thursday at 2 pm.*"$/u);
  });

  it('scores the lead with its reasons', () => {
    expect(a.result_class).toBe('appointment');
    expect(a.lead_score).toBeGreaterThanOrEqual(60);
    expect(a.lead_score).toBeLessThanOrEqual(100);
    expect(a.lead_score_reasons[0]).toBe('Appointment booked (60)');
    expect(a.lead_score_reasons.some((r) => r.startsWith('2 pain points'))).toBe(true);
    const cold = analyze(
      call(['A', 'Got a minute?'], ['B', "No thanks, not interested. We don't need it, it's too expensive."]),
    );
    expect(cold.lead_score).toBeLessThanOrEqual(30);
  });

  it('gives the same reasons as data, whose points add up to the score', () => {
    const factors = a.lead_score_factors ?? [];
    expect(factors).toHaveLength(a.lead_score_reasons.length);
    expect(factors[0]).toEqual({ factor: 'result', points: 60 });
    expect(factors).toContainEqual({ factor: 'pain_points', points: 10, count: 2 });
    expect(factors.reduce((sum, f) => sum + f.points, 0)).toBe(a.lead_score);
    // A refusal after much buying talk is capped at 30, and the cap is a factor of its own.
    const declined = leadScore(
      {
        resultClass: 'not_interested',
        painPoints: 3,
        buyingSignals: 3,
        objections: 0,
        questions: [],
        rep: null,
        pricingDiscussed: true,
      },
      LEXICON_EN.text,
    );
    expect(declined.score).toBe(30);
    expect(declined.factors.at(-1)).toEqual({ factor: 'declined_cap', points: -7 });
    expect(declined.factors.reduce((sum, f) => sum + f.points, 0)).toBe(30);
    expect(declined.reasons.at(-1)).toBe('Capped at 30 because the prospect declined');
  });

  it('is deterministic and matches the contract', async () => {
    const again = await createRulesAnalyzer().analyze({ segments: [...segments].reverse(), text: '' });
    expect(again).toEqual(a);
    expect(Analysis.parse(a)).toEqual(a);
    expect(a.analyzer).toBe('rules');
    expect(a.fallback_reason).toBeUndefined();
  });

  it('copes with an empty transcript and with text only', () => {
    const empty = analyze([]);
    expect(empty).toMatchObject({
      result_class: 'other',
      questions: [],
      call_summary: 'The transcript is empty.',
    });
    const fromText = analyzeWithRules({
      segments: [],
      text: "Agent: Would Friday at 3 work for a visit?\nClient: Yes, Friday at 3 works.\nAgent: You're booked.",
    });
    expect(fromText.question_speakers).toEqual(['Agent']);
    expect(fromText.result_class).toBe('appointment');
  });

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createRulesAnalyzer().analyze({ segments, text: '' }, { signal: controller.signal }),
    ).rejects.toThrow();
  });
});
