// @vitest-environment happy-dom
import {
  SummaryResponse,
  TotalRecordingsResponse,
  type SummaryDuration,
} from '@call-insights/contracts/manager';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, searchOf, testUser } from '../../../testing/render-app';

const fake = installFakeServer();

const NO_ACCESS = "Only managers and administrators can see the team's figures and members";

/** Different figures per range, so what is shown tells which range the server was asked for. */
const summaries: Record<SummaryDuration, SummaryResponse> = {
  '6': {
    duration: '6',
    from: '2026-03-04',
    totalRecordings: 4,
    totalTime: { mins: 12, secs: 7 },
    results: { appointment: 1, followUp: 2, notInterested: 0, other: 1 },
    totalQuestions: 12,
    totalObjections: 5,
    totalPainPoints: 3,
    totalPricingDiscuss: 2,
    totalPricingMentions: 3,
    recordingCounts: {
      unit: 'day',
      buckets: [
        { start: '2026-03-08', count: 1 },
        { start: '2026-03-09', count: 0 },
        { start: '2026-03-10', count: 3 },
      ],
    },
  },
  '29': {
    duration: '29',
    from: '2026-02-09',
    totalRecordings: 4,
    totalTime: { mins: 20, secs: 0 },
    results: { appointment: 2, followUp: 1, notInterested: 1, other: 0 },
    totalQuestions: 40,
    totalObjections: 17,
    totalPainPoints: 9,
    totalPricingDiscuss: 3,
    totalPricingMentions: 8,
    recordingCounts: { unit: 'day', buckets: [{ start: '2026-02-09', count: 4 }] },
  },
  '365': {
    duration: '365',
    from: '2025-03-10',
    totalRecordings: 17,
    totalTime: { mins: 83, secs: 59 },
    results: { appointment: 5, followUp: 6, notInterested: 3, other: 2 },
    totalQuestions: 120,
    totalObjections: 33,
    totalPainPoints: 21,
    totalPricingDiscuss: 9,
    totalPricingMentions: 14,
    recordingCounts: {
      unit: 'month',
      buckets: [
        { start: '2026-01-01', count: 6 },
        { start: '2026-02-01', count: 11 },
      ],
    },
  },
  all: {
    duration: 'all',
    from: null,
    totalRecordings: 0,
    totalTime: { mins: 0, secs: 0 },
    results: { appointment: 0, followUp: 0, notInterested: 0, other: 0 },
    totalQuestions: 0,
    totalObjections: 0,
    totalPainPoints: 0,
    totalPricingDiscuss: 0,
    totalPricingMentions: 0,
    recordingCounts: { unit: 'year', buckets: [{ start: '2026-01-01', count: 0 }] },
  },
};

function serveDashboard({ total = 57 } = {}) {
  fake.server
    .on('GET', `/users/userId/${testUser.id}`, () => json(200, { ...testUser, role: 'manager' }))
    .on('GET', '/manager/dashboard/total-recordings', () =>
      json(200, TotalRecordingsResponse.parse({ total })),
    )
    .on('GET', '/manager/dashboard/summary', ({ query }) => {
      const duration = (query.get('duration') ?? '6') as SummaryDuration;
      return json(200, SummaryResponse.parse(summaries[duration]));
    });
}

function card(label: string): string {
  return within(screen.getByRole('group', { name: label })).getAllByText(/./)[1]?.textContent ?? '';
}

function summaryCalls(): (string | null)[] {
  return fake.server
    .calls('GET', '/manager/dashboard/summary')
    .map((request) => request.query.get('duration'));
}

describe('manager dashboard', () => {
  it('shows the eight figures of the default week', async () => {
    serveDashboard();
    await renderApp('/main/manager/dashboard');

    await waitFor(() => expect(card('Total Questions')).toBe('12'));
    // The week's recordings (the chart's 1 + 0 + 3), not the organization's 57.
    expect(card('Total Recordings')).toBe('4');
    expect(card('Total Time')).toBe('12m 07s');
    expect(card('Total Objections')).toBe('5');
    expect(card('Appointment')).toBe('1');
    expect(card('Follow-up')).toBe('2');
    expect(card('Not Interested')).toBe('0');
    // Calls in which pricing was discussed; the pie shows the 3 mentions.
    expect(card('Pricing Discussed')).toBe('2');
    expect(screen.getByRole('tab', { name: '1 Week' }).getAttribute('aria-selected')).toBe('true');
    expect(summaryCalls()).toEqual(['6']);
    expect(
      screen.getByRole('img', {
        name: 'Call content over the range: Questions: 12, Objections: 5, Pain points: 3, Pricing: 3',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Recordings per day: Mar 8: 1, Mar 9: 0, Mar 10: 3' }),
    ).toBeTruthy();
  });

  it('asks the server again when the range changes and shows that range', async () => {
    serveDashboard();
    const { router } = await renderApp('/main/manager/dashboard');
    await waitFor(() => expect(card('Total Questions')).toBe('12'));

    await userEvent.click(screen.getByRole('tab', { name: '1 Year' }));
    await waitFor(() => expect(card('Total Questions')).toBe('120'));
    expect(card('Total Objections')).toBe('33');
    expect(card('Pricing Discussed')).toBe('9');
    // Every card follows the range, the recordings, time and results too.
    expect(card('Total Recordings')).toBe('17');
    expect(card('Total Time')).toBe('83m 59s');
    expect(card('Appointment')).toBe('5');
    expect(card('Follow-up')).toBe('6');
    expect(card('Not Interested')).toBe('3');
    expect(screen.getByRole('tab', { name: '1 Year' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('img', { name: 'Recordings per month: Jan 2026: 6, Feb 2026: 11' })).toBeTruthy();
    expect(searchOf(router).get('range')).toBe('365');

    await userEvent.click(screen.getByRole('tab', { name: '1 Month' }));
    await waitFor(() => expect(card('Total Questions')).toBe('40'));
    expect(card('Total Recordings')).toBe('4');
    expect(card('Total Time')).toBe('20m 00s');
    expect(card('Appointment')).toBe('2');
    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(card('Total Questions')).toBe('0'));
    expect(card('Total Recordings')).toBe('0');
    expect(screen.getByText('No recordings in this range')).toBeTruthy();
    expect(summaryCalls()).toEqual(['6', '365', '29', 'all']);
    // The organization-wide count (only for the empty state) was fetched once; the range-free
    // time and results are no longer asked for.
    expect(fake.server.calls('GET', '/manager/dashboard/total-recordings')).toHaveLength(1);
    expect(fake.server.calls('GET', '/manager/dashboard/total-times')).toHaveLength(0);
    expect(fake.server.calls('GET', '/manager/dashboard/results')).toHaveLength(0);
  });

  it('opens on the range of the URL', async () => {
    serveDashboard();
    await renderApp('/main/manager/dashboard?range=29');
    await waitFor(() => expect(card('Total Questions')).toBe('40'));
    expect(summaryCalls()).toEqual(['29']);
  });

  it('says so when the organization has no recording yet', async () => {
    serveDashboard({ total: 0 });
    await renderApp('/main/manager/dashboard');
    expect(await screen.findByText('No recordings yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to recordings' }).getAttribute('href')).toBe(
      '/main/recordings',
    );
  });

  it('shows the manager pages in the sidebar to a manager, not to a user', async () => {
    serveDashboard();
    await renderApp('/main/manager/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Sidebar' });
    expect(within(nav).getByRole('link', { name: 'Team dashboard' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Team members' })).toBeTruthy();
  });

  it('tells a user the page is for managers, without asking for the figures', async () => {
    serveDashboard();
    fake.server.on('GET', `/users/userId/${testUser.id}`, () => json(200, testUser));
    await renderApp('/main/manager/dashboard');

    expect(await screen.findByText(new RegExp(NO_ACCESS))).toBeTruthy();
    expect(screen.queryByText(/We couldn't load the team's figures/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fake.server.calls('GET', /^\/manager\//)).toHaveLength(0);
  });

  it('shows a refusal (403) as no access, not as a failure to try again', async () => {
    serveDashboard();
    fake.server.on('GET', '/manager/dashboard/summary', () =>
      apiError(403, 'FORBIDDEN', 'Your role does not allow this action.'),
    );
    await renderApp('/main/manager/dashboard');

    expect(await screen.findByText(new RegExp(NO_ACCESS))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
