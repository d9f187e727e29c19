import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CoachCatalogue } from '@call-insights/contracts/analysis';
import { describe, expect, it } from 'vitest';
import { ENGLISH_ONLY_CATALOGUE_JSON } from '../../../test-support/coach-catalogues.js';
import {
  coachTexts,
  DEFAULT_CATALOGUE,
  DEFAULT_COACH,
  loadCoachCatalogue,
  NEPQ_METHOD,
  resolveCoaching,
  rubricTexts,
} from './catalogue.js';

describe('coach catalogue', () => {
  it('defaults to one coach and the NEPQ method with its seven question types', () => {
    expect(loadCoachCatalogue(undefined)).toBe(DEFAULT_CATALOGUE);
    expect(CoachCatalogue.parse(DEFAULT_CATALOGUE)).toEqual(DEFAULT_CATALOGUE);
    expect(DEFAULT_CATALOGUE.coaches).toHaveLength(1);
    expect(NEPQ_METHOD.rubric.map((r) => r.key)).toEqual([
      'connecting',
      'situation',
      'problem_awareness',
      'solution_awareness',
      'consequence',
      'qualifying',
      'commitment',
    ]);
    for (const r of NEPQ_METHOD.rubric) {
      expect(r.examples.en.length).toBeGreaterThan(0);
      expect(r.examples.fr.length).toBeGreaterThan(0);
      expect(r.cues?.en.length).toBeGreaterThan(0);
      expect(r.cues?.fr.length).toBeGreaterThan(0);
    }
  });

  it('has every text a French reader sees in French too', () => {
    for (const coach of DEFAULT_CATALOGUE.coaches) {
      expect(coach.name_fr).toBeTruthy();
      expect(coach.persona_fr).toBeTruthy();
    }
    for (const method of DEFAULT_CATALOGUE.methods) {
      expect(method.description_fr).toBeTruthy();
      for (const r of method.rubric) {
        expect([r.label_fr, r.what_fr, r.good_fr].every(Boolean)).toBe(true);
        expect(r.examples.fr.length).toBeGreaterThan(0);
      }
    }
    const connecting = rubricTexts(NEPQ_METHOD.rubric[0]!, 'fr');
    expect(connecting.label).toBe('Questions de connexion');
    expect(connecting.what).toMatch(/^Ouvrir l’appel/u);
    expect(coachTexts(DEFAULT_COACH, NEPQ_METHOD, 'fr').description).toMatch(/^Vente par questions/u);
    expect(coachTexts(DEFAULT_COACH, NEPQ_METHOD, 'en').description).toBe(NEPQ_METHOD.description);
  });

  it('reads a catalogue written in English only, and gives its English texts to a French call', () => {
    const catalogue = loadCoachCatalogue(ENGLISH_ONLY_CATALOGUE_JSON);
    const method = catalogue.methods[0]!;
    expect(method.rubric[0]?.examples.fr).toEqual([]);
    expect(rubricTexts(method.rubric[0]!, 'fr')).toEqual({
      label: 'Pain questions',
      what: 'Find what hurts.',
      good: 'The prospect names the problem.',
      examples: ['What is not working for you?'],
    });
    expect(coachTexts(catalogue.coaches[0]!, method, 'fr')).toEqual({
      persona: 'Friendly.',
      description: 'Ask before you pitch.',
    });
  });

  it('reads a catalogue from JSON text or a file, and refuses a bad one', () => {
    const custom = {
      coaches: [{ name: 'Sam', persona: 'Friendly.', methods: ['NEPQ'] }],
      methods: [NEPQ_METHOD],
    };
    expect(loadCoachCatalogue(JSON.stringify(custom)).coaches[0]?.name).toBe('Sam');
    const file = join(mkdtempSync(join(tmpdir(), 'catalogue-')), 'c.json');
    writeFileSync(file, JSON.stringify(custom));
    expect(loadCoachCatalogue(file).coaches[0]?.name).toBe('Sam');
    expect(() => loadCoachCatalogue('{"coaches": []}')).toThrow();
    expect(() =>
      loadCoachCatalogue(
        JSON.stringify({ ...custom, coaches: [{ name: 'Sam', persona: '', methods: ['SPIN'] }] }),
      ),
    ).toThrow(/unknown method "SPIN"/u);
  });

  it('ships its default as a catalogue file a deployment can copy for COACH_CATALOGUE', () => {
    const file = fileURLToPath(new URL('./default-catalogue.json', import.meta.url));
    expect(loadCoachCatalogue(file)).toEqual(DEFAULT_CATALOGUE);
  });

  it('resolves names case-insensitively', () => {
    const { coach, method } = resolveCoaching(DEFAULT_CATALOGUE, ' alex morgan (nepq coach) ', 'nepq');
    expect(coach.name).toBe('Alex Morgan (NEPQ coach)');
    expect(method.name).toBe('NEPQ');
    expect(() => resolveCoaching(DEFAULT_CATALOGUE, 'Alex Morgan (NEPQ coach)', 'SPIN')).toThrow(
      /does not coach/u,
    );
  });
});
