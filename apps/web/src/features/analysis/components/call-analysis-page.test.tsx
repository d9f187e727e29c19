// @vitest-environment happy-dom
import { CoachCatalogue, CoachingResponse } from '@call-insights/contracts/analysis';
import { AnalysisRecord, LinkGeneratorResponse } from '@call-insights/contracts/analysis-record';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { apiError, json } from '../../../testing/fake-server';
import { renderApp, installFakeServer } from '../../../testing/render-app';

const record: AnalysisRecord = AnalysisRecord.parse({
  id: 42,
  status: 'done',
  error: null,
  error_setup: null,
  hasAudio: false,
  crm_contactName: 'Jordan Reyes',
  crm_firstName: 'Jordan',
  crm_lastName: 'Reyes',
  phone_number: null,
  crm_email: 'jordan@example.com',
  location: { name: 'Austin office' },
  createdAt: '2026-02-03T15:04:00.000Z',
  duration: 64,
  num_speakers: 2,
  file: { originalname: 'roofing-call.wav' },
  transcription: 'Rep: What made you look for a new roof? Customer: The old one leaks every winter.',
  segments: [
    { speaker: 'Speaker 1', start: 0, end: 4, text: 'What made you look for a new roof?' },
    { speaker: 'Speaker 2', start: 4.5, end: 9, text: 'The old one leaks every winter.' },
  ],
  coaching: null,
  analysis: {
    call_results: 'An inspection was booked for Friday.',
    call_summary: 'The customer wants the leaking roof replaced before winter.',
    questions: ['What made you look for a new roof?'],
    answers: ['The old one leaks every winter.'],
    question_speakers: ['Speaker 1'],
    objections: ['Worried about the total cost'],
    pain_points: ['Roof leaks every winter'],
    pricing_discussed: ['$12,000 for a full replacement'],
    result_class: 'appointment',
    lead_score: 80,
    lead_score_reasons: ['Booked an inspection'],
    analyzer: 'rules',
  },
  metrics: {
    speakers: [
      {
        speaker: 'Speaker 1',
        talk_seconds: 4,
        talk_ratio: 0.47,
        longest_monologue_seconds: 4,
        question_count: 1,
        words_per_minute: 120,
      },
      {
        speaker: 'Speaker 2',
        talk_seconds: 4.5,
        talk_ratio: 0.53,
        longest_monologue_seconds: 4.5,
        question_count: 0,
        words_per_minute: 80,
      },
    ],
    rep_speaker: 'Speaker 1',
    total_duration: 9,
    interactivity: 6.7,
    patience_seconds: 0.5,
  },
});

const catalogue: CoachCatalogue = CoachCatalogue.parse({
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

function serveRecord() {
  fake.server.on('GET', '/analysis/analysis', ({ query }) =>
    query.get('id') === String(record.id)
      ? json(200, record)
      : apiError(404, 'NOT_FOUND', 'Recording not found'),
  );
  fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
}

describe('call analysis page', () => {
  it('shows the call: contact, summary, Q&A, objections, pain points, pricing and metrics', async () => {
    serveRecord();
    await renderApp(`/main/call-analysis/${record.id}`);

    expect(await screen.findByText('An inspection was booked for Friday.')).toBeTruthy();
    expect(screen.getByText('Jordan Reyes')).toBeTruthy();
    const insights = screen.getByRole('tablist', { name: 'Call insights views' });
    expect(within(insights).getByRole('tab', { name: 'Highlights', selected: true })).toBeTruthy();
    for (const heading of ['Call summary', 'Questions & answers', 'Objections', 'Pain points']) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByText('The customer wants the leaking roof replaced before winter.')).toBeTruthy();
    expect(screen.getAllByText('What made you look for a new roof?').length).toBeGreaterThan(0);
    expect(screen.getByText('Worried about the total cost')).toBeTruthy();
    expect(screen.getByText('Roof leaks every winter')).toBeTruthy();
    expect(screen.getByText('$12,000 for a full replacement')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Conversation metrics' })).toBeTruthy();
    // The per-speaker figures: a table from `sm` up, one card per speaker on a phone (CSS picks one).
    const table = screen.getByRole('table', { name: 'Metrics per speaker' });
    const cards = screen.getByRole('list', { name: 'Metrics per speaker' });
    expect(within(table).getByText('120')).toBeTruthy();
    const [repCard, customerCard] = within(cards).getAllByRole('listitem');
    expect(within(repCard!).getByText('Words per minute')).toBeTruthy();
    expect(within(repCard!).getByText('120')).toBeTruthy();
    expect(within(repCard!).getByText('47%')).toBeTruthy();
    expect(within(customerCard!).getByText('53%')).toBeTruthy();
    expect(fake.server.calls('GET', '/analysis/analysis')[0]?.query.get('id')).toBe('42');
  });

  it('says why the lead got its score in the reader’s language, whatever the call’s', async () => {
    const scored: AnalysisRecord = {
      ...record,
      analysis: {
        ...record.analysis!,
        lead_score: 67,
        // What the rules analyzer of an English call sends: its sentences, and the same as data.
        lead_score_reasons: [
          'Appointment booked (60)',
          '2 pain points described (+10)',
          '1 objection raised (-4)',
        ],
        lead_score_factors: [
          { factor: 'result', points: 60 },
          { factor: 'pain_points', points: 10, count: 2 },
          { factor: 'objections', points: -4, count: 1 },
          { factor: 'answered_questions', points: 5, count: 3, of: 4 },
        ],
      },
    };
    fake.server.on('GET', '/analysis/analysis', () => json(200, scored));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    await renderApp(`/main/call-analysis/${record.id}`);

    expect(await screen.findByText('Appointment booked (60)')).toBeTruthy();
    expect(screen.getByText('2 pain points described (+10)')).toBeTruthy();
    expect(screen.getByText('Prospect answered 3 of 4 questions (+5)')).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByText('Rendez-vous fixé (60)')).toBeTruthy();
    expect(screen.getByText('2 points de douleur décrits (+10)')).toBeTruthy();
    expect(screen.getByText('1 objection soulevée (-4)')).toBeTruthy();
    expect(screen.getByText('Le prospect a répondu à 3 questions sur 4 (+5)')).toBeTruthy();
  });

  it('shows a language model’s reasons as it wrote them', async () => {
    const scored: AnalysisRecord = {
      ...record,
      analysis: {
        ...record.analysis!,
        lead_score_reasons: ['Asked for a quote in writing'],
        lead_score_factors: undefined,
      },
    };
    fake.server.on('GET', '/analysis/analysis', () => json(200, scored));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    await renderApp(`/main/call-analysis/${record.id}`);
    expect(await screen.findByText('Asked for a quote in writing')).toBeTruthy();
  });

  it('says why the rules stood in for the language model in the reader’s language, and older reasons as kept', async () => {
    const fellBack: AnalysisRecord = {
      ...record,
      analysis: {
        ...record.analysis!,
        analyzer: 'rules',
        fallback_reason:
          'The language model did not answer within 30 s, so the offline rules analysis is shown instead. Retry later or raise LLM_TIMEOUT_SECONDS.',
        fallback_detail: { kind: 'timeout', seconds: 30 },
      },
    };
    fake.server.on('GET', '/analysis/analysis', () => json(200, fellBack));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    await renderApp(`/main/call-analysis/${record.id}`);
    expect(
      await screen.findByText(
        'Analysed with offline rules: the language model did not answer within 30 s. Retry later or raise LLM_TIMEOUT_SECONDS.',
      ),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
    expect(
      await screen.findByText(
        'Analysé avec les règles hors ligne : le modèle de langue n’a pas répondu dans les 30 s. Réessayez plus tard ou augmentez LLM_TIMEOUT_SECONDS.',
      ),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows an older analysis’s fallback reason as it was stored', async () => {
    const older: AnalysisRecord = {
      ...record,
      analysis: { ...record.analysis!, analyzer: 'rules', fallback_reason: 'The model was busy.' },
    };
    fake.server.on('GET', '/analysis/analysis', () => json(200, older));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    await renderApp(`/main/call-analysis/${record.id}`);
    expect(await screen.findByText('Analysed with offline rules: The model was busy.')).toBeTruthy();
  });

  it('shows the dialogue turn by turn with the speakers’ roles', async () => {
    serveRecord();
    await renderApp(`/main/call-analysis/${record.id}`);
    await screen.findByText('An inspection was booked for Friday.');

    await userEvent.click(screen.getByRole('tab', { name: 'Dialogue' }));

    const dialogue = screen.getByRole('tabpanel', { name: 'Dialogue' });
    const turns = within(dialogue).getAllByRole('listitem');
    expect(turns.map((turn) => turn.textContent)).toEqual([
      expect.stringContaining('What made you look for a new roof?'),
      expect.stringContaining('The old one leaks every winter.'),
    ]);
    expect(within(turns[0]!).getByText('Speaker 1 (Rep)')).toBeTruthy();
    expect(within(turns[1]!).getByText('Speaker 2 (Customer)')).toBeTruthy();
  });

  it('asks the coach for feedback on the Coaching tab and shows it', async () => {
    serveRecord();
    fake.server.on('POST', '/analysis/coaching', () =>
      json(200, CoachingResponse.parse({ coaching: 'Connecting questions: Good opener about the roof.' })),
    );
    await renderApp(`/main/call-analysis/${record.id}`);
    await screen.findByText('An inspection was booked for Friday.');

    await userEvent.click(screen.getByRole('tab', { name: 'Coaching' }));
    const coach = screen.getByRole('combobox', { name: 'Coach name' });
    await waitFor(() => expect((coach as HTMLSelectElement).value).toBe('Jeremy'));
    expect((screen.getByRole('combobox', { name: 'Method' }) as HTMLSelectElement).value).toBe('NEPQ');
    await userEvent.click(screen.getByRole('button', { name: 'Get Feedback' }));

    expect(await screen.findByText('Good opener about the roof.', { exact: false })).toBeTruthy();
    expect(fake.server.calls('POST', '/analysis/coaching')[0]?.body).toEqual({
      id: 42,
      transcription: record.transcription,
      coach_name: 'Jeremy',
      method: 'NEPQ',
    });
  });

  it('names the coach and describes the method in French for a French reader, and asks by the coach’s name', async () => {
    const bilingual = CoachCatalogue.parse({
      coaches: [{ ...catalogue.coaches[0], name: 'Alex (NEPQ coach)', name_fr: 'Alex (coach NEPQ)' }],
      methods: [{ ...catalogue.methods[0], description_fr: 'Questions de persuasion neuro-émotionnelle.' }],
    });
    fake.server.on('GET', '/analysis/analysis', () => json(200, record));
    fake.server.on('GET', '/analysis/coaches', () => json(200, bilingual));
    fake.server.on('POST', '/analysis/coaching', () =>
      json(200, CoachingResponse.parse({ coaching: 'Questions de connexion : Présentes — « Bonjour ? »' })),
    );
    await renderApp(`/main/call-analysis/${record.id}`);
    await screen.findByText('An inspection was booked for Friday.');
    await act(() => i18n.changeLanguage('fr'));

    await userEvent.click(await screen.findByRole('tab', { name: 'Coaching' }));
    const coach = screen.getByRole('combobox', { name: 'Nom du coach' }) as HTMLSelectElement;
    await waitFor(() => expect(coach.value).toBe('Alex (NEPQ coach)'));
    expect(within(coach).getByRole('option', { name: 'Alex (coach NEPQ)' })).toBeTruthy();
    expect(screen.getByText('Questions de persuasion neuro-émotionnelle.')).toBeTruthy();
    expect(screen.queryByText('Neuro-emotional persuasion questions.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Obtenir un retour' }));
    expect(await screen.findByText('Présentes — « Bonjour ? »', { exact: false })).toBeTruthy();
    expect(fake.server.calls('POST', '/analysis/coaching')[0]?.body).toMatchObject({
      coach_name: 'Alex (NEPQ coach)',
      method: 'NEPQ',
    });

    // Back in English, the English name and description.
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('option', { name: 'Alex (NEPQ coach)' })).toBeTruthy();
    expect(screen.getByText('Neuro-emotional persuasion questions.')).toBeTruthy();
  });

  it('shows a catalogue without French in English to a French reader', async () => {
    serveRecord();
    await renderApp(`/main/call-analysis/${record.id}`);
    await screen.findByText('An inspection was booked for Friday.');
    await act(() => i18n.changeLanguage('fr'));
    await userEvent.click(await screen.findByRole('tab', { name: 'Coaching' }));
    expect(await screen.findByRole('option', { name: 'Jeremy' })).toBeTruthy();
    expect(screen.getByText('Neuro-emotional persuasion questions.')).toBeTruthy();
  });

  it('says the recording was not found for an id the server does not know', async () => {
    serveRecord();
    await renderApp('/main/call-analysis/999');

    expect(await screen.findByRole('heading', { name: 'This recording was not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fake.server.calls('GET', '/analysis/analysis')).toHaveLength(1);
  });

  it('says why a call failed, offers Retry there, and offers no share link', async () => {
    let current: AnalysisRecord = {
      ...record,
      status: 'failed',
      error: 'The audio could not be decoded.',
      analysis: null,
      transcription: null,
    };
    fake.server.on('GET', '/analysis/analysis', () => json(200, current));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    fake.server.on('POST', '/recordings/42/retry', () => {
      current = { ...current, status: 'queued', error: null };
      return json(200, { id: 42, status: 'queued' });
    });
    await renderApp('/main/call-analysis/42');

    expect(await screen.findByText('Processing failed')).toBeTruthy();
    expect(screen.getByText('The audio could not be decoded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /share/i })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(screen.getByText('Waiting to be processed…')).toBeTruthy());
    expect(screen.queryByText('Processing failed')).toBeNull();
    expect(fake.server.calls('POST', '/recordings/42/retry')).toHaveLength(1);
  });

  it('shows an admin which server setting to change when one stopped the call', async () => {
    const plain = 'Speech-to-text is not set up correctly on this server.';
    const setup = 'Set TRANSCRIBER_API_KEY to a key the vendor accepts.';
    const forAdmin: AnalysisRecord = {
      ...record,
      status: 'failed',
      error: plain,
      error_setup: setup,
      analysis: null,
    };
    fake.server.on('GET', '/analysis/analysis', () => json(200, forAdmin));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    await renderApp('/main/call-analysis/42');

    expect(await screen.findByText(plain)).toBeTruthy();
    expect(screen.getByText(`For administrators: ${setup}`)).toBeTruthy();
  });

  it('shows no setup line when the server sends none (sales users)', async () => {
    const plain = 'Speech-to-text is not set up correctly on this server.';
    const forRep: AnalysisRecord = {
      ...record,
      status: 'failed',
      error: plain,
      error_setup: null,
      analysis: null,
    };
    fake.server.on('GET', '/analysis/analysis', () => json(200, forRep));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    await renderApp('/main/call-analysis/42');

    expect(await screen.findByText(plain)).toBeTruthy();
    expect(screen.queryByText(/For administrators/)).toBeNull();
  });

  it('says why a retry was refused, in the server’s words', async () => {
    const failed: AnalysisRecord = { ...record, status: 'failed', error: 'No speech.', analysis: null };
    fake.server.on('GET', '/analysis/analysis', () => json(200, failed));
    fake.server.on('GET', '/analysis/coaches', () => json(200, catalogue));
    const full = 'This needs 1 free place for recordings and your organization has 0 left.';
    fake.server.on('POST', '/recordings/42/retry', () => apiError(409, 'CONFLICT', full));
    await renderApp('/main/call-analysis/42');

    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(full)).toBeTruthy();
    expect(screen.getByText('Processing failed')).toBeTruthy();
  });

  it('creates the share link, copies it and opens the share dialog', async () => {
    serveRecord();
    fake.server.on('POST', '/analysis/link-generator', () =>
      json(
        200,
        LinkGeneratorResponse.parse({
          link: '/share/abcdefghijklmnopqrstuv',
          token: 'abcdefghijklmnopqrstuv',
          expiresAt: null,
        }),
      ),
    );
    const user = userEvent.setup();
    await renderApp(`/main/call-analysis/${record.id}`);
    await screen.findByText('An inspection was booked for Friday.');

    await user.click(screen.getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Link copied successfully' });
    const shared = `${window.location.origin}/share/abcdefghijklmnopqrstuv`;
    expect(within(dialog).getByDisplayValue(shared)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(shared);
    expect(fake.server.calls('POST', '/analysis/link-generator')[0]?.body).toEqual({ id: 42 });
  });

  it('lets the link expire after 7, 30 or 90 days, and says until when it works', async () => {
    serveRecord();
    fake.server.on('POST', '/analysis/link-generator', ({ body }) => {
      const days = (body as { expires_in_days?: number | null }).expires_in_days;
      return json(
        200,
        LinkGeneratorResponse.parse({
          link: '/share/abcdefghijklmnopqrstuv',
          token: 'abcdefghijklmnopqrstuv',
          expiresAt: days ? new Date(Date.UTC(2026, 11, 1 + days)).toISOString() : null,
        }),
      );
    });
    const user = userEvent.setup();
    await renderApp(`/main/call-analysis/${record.id}`);
    await screen.findByText('An inspection was booked for Friday.');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link copied successfully' });

    const expiry = within(dialog).getByLabelText('Link works');
    expect((expiry as HTMLSelectElement).value).toBe('never');
    expect(within(dialog).getByText('Works until you revoke it.')).toBeTruthy();

    await user.selectOptions(expiry, 'For 30 days');
    expect(await within(dialog).findByText('Stops working on December 31, 2026.')).toBeTruthy();
    expect(fake.server.calls('POST', '/analysis/link-generator').at(-1)?.body).toEqual({
      id: 42,
      expires_in_days: 30,
    });

    await user.selectOptions(expiry, 'Always (never expires)');
    expect(await within(dialog).findByText('Works until you revoke it.')).toBeTruthy();
    expect(fake.server.calls('POST', '/analysis/link-generator').at(-1)?.body).toEqual({
      id: 42,
      expires_in_days: null,
    });
  });
});
