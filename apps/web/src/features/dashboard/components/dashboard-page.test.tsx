// @vitest-environment happy-dom
import { HubResponse } from '@call-insights/contracts/manager';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-server';
import { installFakeServer, renderApp } from '../../../testing/render-app';

const fake = installFakeServer();

const hub: HubResponse = {
  from: '2026-03-04',
  week: { calls: 6, talkSeconds: 1925, mins: 32, secs: 5 },
  results: { appointment: 2, followUp: 1, notInterested: 1, other: 0 },
  talkRatio: { average: 0.61, calls: 4, anchor: { rep: 0.43, customer: 0.57 } },
  recent: [
    {
      id: 12,
      name: 'Roof repair quote',
      createdAt: '2026-03-10T09:00:00.000Z',
      status: 'analyzing',
      progress: 80,
      error: null,
      durationSec: 95,
      resultClass: null,
    },
  ],
  attention: [
    {
      id: 11,
      name: 'Garbled call',
      createdAt: '2026-03-09T09:00:00.000Z',
      status: 'failed',
      progress: 100,
      error: 'The audio could not be read.',
      durationSec: null,
      resultClass: null,
      reason: 'failed',
      objections: 0,
    },
    {
      id: 10,
      name: 'Software renewal',
      createdAt: '2026-03-08T09:00:00.000Z',
      status: 'done',
      progress: 100,
      error: null,
      durationSec: 300,
      resultClass: 'not_interested',
      reason: 'objections_unresolved',
      objections: 3,
    },
  ],
};

describe('Call Insights Hub', () => {
  it("shows the user's week, talk ratio against 43:57, recent calls, attention and quick actions", async () => {
    fake.server.on('GET', '/dashboard/me', () => json(200, HubResponse.parse(hub)));
    await renderApp('/main/dashboard');

    const week = await screen.findByRole('region', { name: 'This week' });
    expect(within(week).getByText('6')).toBeTruthy();
    expect(within(week).getByText('32m 05s')).toBeTruthy();
    const ratio = screen.getByRole('region', { name: 'Talk ratio' });
    expect(within(ratio).getByText('You 61% · Customer 39%')).toBeTruthy();
    expect(within(ratio).getByText(/Winning calls: 43:57/)).toBeTruthy();
    expect(within(ratio).getByText(/You talk more than on winning calls/)).toBeTruthy();

    const recent = screen.getByRole('region', { name: 'Recent calls' });
    expect(within(recent).getByRole('link', { name: 'Roof repair quote' }).getAttribute('href')).toBe(
      '/main/call-analysis/12',
    );
    expect(within(recent).getByText('Analyzing')).toBeTruthy();
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByText('Failed: The audio could not be read.')).toBeTruthy();
    expect(within(attention).getByText('3 objections left unanswered')).toBeTruthy();

    expect(screen.getByRole('link', { name: /Import a call/ }).getAttribute('href')).toBe(
      '/main/recordings?import=1',
    );
    expect(screen.getByRole('link', { name: /Ask the assistant/ }).getAttribute('href')).toBe(
      '/main/assistant',
    );
    // Syncing a CRM is an admin's; this user is not one.
    expect(screen.queryByRole('link', { name: /Sync your CRM/ })).toBeNull();
  });

  it('"Import a call" opens the import dialog of the recordings page', async () => {
    fake.server
      .on('GET', '/dashboard/me', () => json(200, HubResponse.parse(hub)))
      .on('GET', '/analysis/transcriptions', () =>
        json(200, { items: [], total: 0, totalCapped: false, page: 1, pageSize: 10, pageCount: 0 }),
      )
      .on('GET', '/locations/active-locations', () => json(200, { locations: [] }));
    const { router } = await renderApp('/main/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: /Import a call/ }));
    expect(await screen.findByRole('dialog', { name: 'Import file' })).toBeTruthy();
    // The flag leaves the URL, so a reload does not open the dialog again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/main/recordings');
  });
});
