import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDevset, type DevsetItem } from './devset.js';
import { serializeSpeakerModel, speakerExample, trainSpeakerModel } from './train-speaker-model.js';

const seller =
  'Good morning, this is Lena from Brightway Payroll. We help small shops run payroll in ten minutes a month, and our plan is forty dollars a month for up to ten people.';
const buyer =
  'Honestly we do it by hand on Sunday nights and it takes me three hours every time. I am not sure we can afford another subscription right now, money is tight this quarter.';

const item = (objections: string[], painPoints: string[], buyerSays = buyer): DevsetItem => ({
  id: 'en-999-invented',
  language: 'en',
  segments: [
    { speaker: 'Speaker 0', start: 0, end: 9, text: seller },
    { speaker: 'Speaker 1', start: 10, end: 19, text: buyerSays },
    {
      speaker: 'Speaker 0',
      start: 20,
      end: 29,
      text: 'I understand. Could I send you a short comparison by email today?',
    },
  ],
  labels: { result_class: 'follow_up', objections, pain_points: painPoints, pricing: [] },
});

describe('the speaker scorer training', () => {
  it('takes the voice that says the labelled objections and pains for the prospect, the other for the rep', () => {
    const ex = speakerExample(
      item(['not sure we can afford another subscription'], ['do it by hand on Sunday nights']),
    );
    expect(ex?.rep).toBe(0);
    expect(ex?.features).toHaveLength(2);
  });

  it('learns nothing from a call whose labels do not tell the sides apart', () => {
    // No labelled item at all.
    expect(speakerExample(item([], []))).toBeNull();
    // Items on both sides, one each: no majority.
    expect(
      speakerExample(item(['not sure we can afford another subscription'], ['run payroll in ten minutes'])),
    ).toBeNull();
    // A voice too short for the scorer.
    expect(speakerExample(item(['too expensive'], [], 'Too expensive for us.'))).toBeNull();
  });

  it('is what training on the development set gives (reproducible, and retrained after a change)', () => {
    const committed = readFileSync(new URL('../speaker-model.json', import.meta.url), 'utf8');
    expect(serializeSpeakerModel(trainSpeakerModel(loadDevset()).model)).toBe(committed);
  }, 300_000);
});
