// @vitest-environment happy-dom
import { CoachCatalogue } from '@call-insights/contracts/analysis';
import { AnalysisRecord } from '@call-insights/contracts/analysis-record';
import { RecordingTrackerHits } from '@call-insights/contracts/trackers';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { json } from '../../../testing/fake-server';
import { installFakeServer, renderApp } from '../../../testing/render-app';

const record: AnalysisRecord = AnalysisRecord.parse({
  id: 42,
  status: 'done',
  error: null,
  error_setup: null,
  hasAudio: true,
  crm_contactName: 'Jordan Reyes',
  crm_firstName: 'Jordan',
  crm_lastName: 'Reyes',
  phone_number: null,
  crm_email: null,
  location: null,
  createdAt: '2026-02-03T15:04:00.000Z',
  duration: 95,
  num_speakers: 2,
  file: { originalname: 'roofing-call.wav' },
  transcription: 'Hi. I got a quote from another company last week. I need to talk to my wife.',
  segments: [
    { speaker: 'Speaker 1', start: 0, end: 4, text: 'Hi, Summit Roofing.' },
    { speaker: 'Speaker 2', start: 4.5, end: 11, text: 'I got a quote from another company last week.' },
    { speaker: 'Speaker 1', start: 11.5, end: 70, text: 'Our roofs carry a ten year warranty.' },
    { speaker: 'Speaker 2', start: 72, end: 80, text: 'I need to talk to my wife first.' },
  ],
  coaching: null,
  analysis: null,
  metrics: null,
});

const hits: RecordingTrackerHits = RecordingTrackerHits.parse({
  trackers: [
    {
      id: 1,
      name: 'Competitors',
      defaultName: 'competitors',
      hits: [
        {
          speaker: 'Speaker 2',
          start: 4.5,
          end: 11,
          phrase: 'another company',
          said: 'another company',
          sentence: 'I got a quote from another company last week.',
        },
      ],
    },
    {
      id: 4,
      name: 'Decision makers',
      defaultName: 'decision-makers',
      hits: [
        {
          speaker: 'Speaker 2',
          start: 72,
          end: 80,
          phrase: 'my wife',
          said: 'my wife',
          sentence: 'I need to talk to my wife first.',
        },
      ],
    },
    { id: 3, name: 'Timing', defaultName: null, hits: [] },
  ],
});

const catalogue = CoachCatalogue.parse({
  coaches: [{ name: 'Jeremy', persona: 'Calm and direct', methods: ['NEPQ'] }],
  methods: [
    {
      name: 'NEPQ',
      description: 'Neuro-emotional persuasion questions.',
      rubric: [
        {
          key: 'connecting',
          label: 'Connecting questions',
          what: 'Questions that open the conversation.',
          examples: { en: ['What made you look?'], fr: ['Qu’est-ce qui vous a poussé ?'] },
          good: 'The prospect talks about their situation.',
        },
      ],
    },
  ],
});

const fake = installFakeServer();

function serve() {
  fake.server.on('GET', '/analysis/analysis', () => json(200, record));
  fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
  fake.server.on('GET', '/recordings/42/audio-url', () =>
    json(200, { url: '/api/recordings/42/audio?sig=x', expiresAt: Math.floor(Date.now() / 1000) + 3600 }),
  );
  fake.server.on('GET', '/recordings/42/tracker-hits', () => json(200, hits));
}

describe('call analysis page, Phrases tab', () => {
  it('lists each tracker with its mentions: speaker, time and the sentence, the words said marked', async () => {
    serve();
    await renderApp('/main/call-analysis/42');
    const insights = await screen.findByRole('tablist', { name: 'Call insights views' });
    await userEvent.click(within(insights).getByRole('tab', { name: 'Phrases' }));

    const competitors = await screen.findByRole('region', { name: 'Competitors' });
    expect(within(competitors).getByText('Mentions: 1')).toBeTruthy();
    expect(within(competitors).getByText('Speaker 2 at 0:04')).toBeTruthy();
    expect(within(competitors).getByText('another company').tagName).toBe('MARK');
    expect(competitors.textContent).toContain('I got a quote from another company last week.');

    const decision = screen.getByRole('region', { name: 'Decision makers' });
    expect(within(decision).getByText('Speaker 2 at 1:12')).toBeTruthy();
    const timing = screen.getByRole('region', { name: 'Timing' });
    expect(within(timing).getByText('Not mentioned in this call.')).toBeTruthy();
    expect(fake.server.calls('GET', '/recordings/42/tracker-hits')).toHaveLength(1);
  });

  it('plays the call from a mention: the Dialogue tab opens and the player seeks to its time', async () => {
    serve();
    await renderApp('/main/call-analysis/42');
    const insights = await screen.findByRole('tablist', { name: 'Call insights views' });
    await userEvent.click(within(insights).getByRole('tab', { name: 'Phrases' }));
    const decision = await screen.findByRole('region', { name: 'Decision makers' });
    const audio = await waitFor(() => {
      const element = document.querySelector('audio');
      if (!element) throw new Error('no player yet');
      return element;
    });

    await userEvent.click(within(decision).getByRole('button', { name: 'Play from 1:12' }));

    expect(audio.currentTime).toBe(72);
    const transcriptTabs = screen.getByRole('tablist', { name: 'Transcript views' });
    expect(within(transcriptTabs).getByRole('tab', { name: 'Dialogue', selected: true })).toBeTruthy();
    // The turn being heard is the one of the mention.
    const current = document.querySelector('[aria-current="true"]');
    expect(current?.textContent).toContain('I need to talk to my wife first.');
  });

  it('speaks French', async () => {
    serve();
    await renderApp('/main/call-analysis/42');
    await act(() => i18n.changeLanguage('fr'));
    const insights = await screen.findByRole('tablist', { name: "Vues des aperçus de l'appel" });
    await userEvent.click(within(insights).getByRole('tab', { name: 'Expressions' }));
    // The default trackers are named in the reader's language.
    const competitors = await screen.findByRole('region', { name: 'Concurrents' });
    expect(screen.getByRole('region', { name: 'Décideurs' })).toBeTruthy();
    // A tracker the organization named itself keeps its name.
    expect(screen.getByRole('region', { name: 'Timing' })).toBeTruthy();
    expect(within(competitors).getByText('Speaker 2 à 0:04')).toBeTruthy();
    expect(within(competitors).getByRole('button', { name: 'Écouter à partir de 0:04' })).toBeTruthy();
  });
});
