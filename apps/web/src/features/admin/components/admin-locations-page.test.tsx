// @vitest-environment happy-dom
import type { SyncErrorKind, SyncRun } from '@call-insights/contracts/crm';
import type { LocationSummary } from '@call-insights/contracts/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, testUser } from '../../../testing/render-app';

const fake = installFakeServer();
const admin = { ...testUser, role: 'admin' as const };

const location = (id: number, name: string, updatedAt = '2026-11-20T10:00:00.000Z'): LocationSummary => ({
  id,
  name,
  active: true,
  updatedAt,
  location_id: `loc-${id}`,
  companyId: 'co-1',
  source: 'Sandbox CRM',
  install: 'Company',
  needs_reconnect: false,
});

function run(state: SyncRun['state'], extra: Partial<SyncRun> = {}): SyncRun {
  return {
    id: 7,
    location: { id: 1, name: 'Downtown Dental' },
    kind: 'manual',
    state,
    errorKind: null,
    message: '',
    counts: { found: 12, imported: state === 'Success' ? 10 : 3, skipped: 2, noRecording: 2, failed: 0 },
    startDate: '2026-10-23T00:00:00.000Z',
    endDate: '2026-11-22T00:00:00.000Z',
    createdAt: '2026-11-22T10:00:00.000Z',
    finishedAt: null,
    ...extra,
  };
}

/** The admin, two locations, and the sync routes answering `states` one poll after the other. */
function serve(states: SyncRun[] = [run('Success')], start: () => Response = () => json(202, run('Halt'))) {
  const queue = [...states];
  fake.server
    .on('GET', `/users/userId/${admin.id}`, () => json(200, admin))
    .on('GET', '/locations', () =>
      json(200, { locations: [location(1, 'Downtown Dental'), location(2, 'Uptown Roofing')] }),
    )
    .on('POST', '/crm/sync', start)
    .on('GET', '/crm/sync/7', () => json(200, queue.length > 1 ? queue.shift() : queue[0]));
}

async function openRangeDialogOfRow(name: string) {
  const row = (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'Sync Calls' }));
  return screen.findByRole('dialog', { name: 'Sync Calls' });
}

describe('admin locations page', () => {
  it('shows one row per name with Edit, View and Sync Calls, and Add user', async () => {
    serve();
    fake.server.on('GET', '/locations', () =>
      json(200, {
        locations: [
          location(1, 'Downtown Dental', '2026-11-01T10:00:00.000Z'),
          location(3, 'Downtown Dental', '2026-11-21T10:00:00.000Z'),
          location(2, 'Uptown Roofing'),
        ],
      }),
    );
    await renderApp('/main/admin');

    const table = await screen.findByRole('table', { name: 'Locations' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual(['Downtown Dental', 'Uptown Roofing']);
    const downtown = within(table).getByRole('rowheader', { name: 'Downtown Dental' }).closest('tr')!;
    // The latest of the two "Downtown Dental" rows is kept: id 3.
    expect(within(downtown).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/main/admin/location/edit/3',
    );
    expect(within(downtown).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      '/main/admin/location/3',
    );
    const addUser = screen.getByRole('link', { name: 'Add user' });
    expect(addUser.getAttribute('href')).toBe('/main/manager/users?invite=1');
    expect(addUser.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(
      'Invite a user by e-mail and choose the locations they work in',
    );
  });

  it('is for admins only: other roles get a notice and no locations are asked for', async () => {
    serve();
    fake.server.on('GET', `/users/userId/${testUser.id}`, () => json(200, { ...testUser, role: 'manager' }));
    await renderApp('/main/admin');

    expect(await screen.findByText(/Only administrators can manage locations/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fake.server.calls('GET', '/locations')).toHaveLength(0);
  });

  it('syncs a row for the last 30 days through every state up to "The records were synced!"', async () => {
    serve([run('AccessToken'), run('CallInfo'), run('Success')]);
    await renderApp('/main/admin');

    const dialog = await openRangeDialogOfRow('Downtown Dental');
    expect(
      within(dialog).getByText(
        'Select a time interval for call retrieval or leave empty to sync the last 30 days.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Pick a date' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));

    const progress = await screen.findByRole('dialog', { name: 'Syncing calls of Downtown Dental' });
    // Each state of the spec shows in turn: the start answers Halt, the polls the others.
    expect(await within(progress).findByText('Finding Location')).toBeTruthy();
    expect(await within(progress).findByText('Fetching Access Token')).toBeTruthy();
    expect(await within(progress).findByText('Sync Records')).toBeTruthy();
    expect(await within(progress).findByText('The records were synced!')).toBeTruthy();
    expect(within(progress).getByText('Found 12, imported 10, skipped 2, failed 0.')).toBeTruthy();

    const [start] = fake.server.calls('POST', '/crm/sync');
    // Nothing chosen: no dates, the server's default window (the last 30 days).
    expect(start?.body).toEqual({ location_id: 1 });
    const polls = fake.server.calls('GET', '/crm/sync/7').length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.server.calls('GET', '/crm/sync/7')).toHaveLength(polls);
  });

  it('picks a range that cannot reach past today; Reset clears it, Select Range closes the calendar', async () => {
    serve();
    await renderApp('/main/admin');
    const dialog = await openRangeDialogOfRow('Uptown Roofing');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pick a date' }));
    const today = new Date();
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    // Day buttons are named like "Sunday, November 1st, 2026" ("Today, …" for today).
    const dayButton = (day: Date) =>
      within(dialog).queryByRole('button', {
        name: new RegExp(`(^|, )${format(day, 'EEEE, MMMM do, y')}`),
      }) as HTMLButtonElement | null;
    // Days after today cannot be chosen (disabled, or not in the last month shown).
    const future = dayButton(tomorrow);
    if (future) expect(future.disabled).toBe(true);

    // Two days of the month shown (today's): the 1st and today (today alone on the 1st).
    const first = new Date(today.getFullYear(), today.getMonth(), 1);
    const oneDay = today.getDate() === 1;
    const label = oneDay
      ? format(today, 'MMM dd, y')
      : `${format(first, 'MMM dd, y')} - ${format(today, 'MMM dd, y')}`;
    await userEvent.click(dayButton(first)!);
    if (!oneDay) await userEvent.click(dayButton(today)!);
    expect(within(dialog).getByRole('button', { name: label })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('button', { name: 'Pick a date' })).toBeTruthy();

    await userEvent.click(dayButton(first)!);
    if (!oneDay) await userEvent.click(dayButton(today)!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select Range' }));
    expect(within(dialog).queryByRole('grid')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    await screen.findByText('The records were synced!');
    const [start] = fake.server.calls('POST', '/crm/sync');
    const startOfFirst = new Date(first.getFullYear(), first.getMonth(), first.getDate());
    const endOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 23, 59, 59, 999);
    expect(start?.body).toEqual({
      location_id: 2,
      start_date: startOfFirst.getTime(),
      end_date: endOfToday.getTime(),
    });
  });

  it('looks a location up by its exact, case-sensitive name before the date dialog', async () => {
    serve();
    await renderApp('/main/admin');
    await screen.findByRole('table', { name: 'Locations' });
    const form = screen.getByRole('form', { name: 'Sync the calls of a location by its exact name' });
    const field = within(form).getByLabelText(/Location Name/);
    const submit = within(form).getByRole('button', { name: 'Sync Calls' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(field, 'downtown dental');
    await userEvent.click(submit);
    const notFound = await screen.findByRole('dialog', { name: 'Syncing calls of downtown dental' });
    expect(within(notFound).getByText('Error. Try again later.')).toBeTruthy();
    expect(fake.server.calls('POST', '/crm/sync')).toHaveLength(0);
    await userEvent.click(within(notFound).getByRole('button', { name: 'Close' }));

    await userEvent.clear(field);
    await userEvent.type(field, 'Downtown Dental');
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Sync Calls' });
    expect(within(dialog).getByText('Location: Downtown Dental')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    await screen.findByText('The records were synced!');
    expect(fake.server.calls('POST', '/crm/sync')[0]?.body).toEqual({ location_id: 1 });
  });

  const errorTexts: Array<[SyncErrorKind, string]> = [
    ['MaxCallAllreadyExcided', 'You have exceeded the maximum number of saved recordings.'],
    [
      'MaxCallExcided',
      'You have more recordings to sync than the limit for your account. Only part of the recordings were saved.',
    ],
    ['LocationNotFound', 'Error. Try again later.'],
    ['Unknown', 'Error. Try again later.'],
  ];
  it.each(errorTexts)('shows the spec’s text of the error kind %s', async (kind, text) => {
    serve([run('Error', { errorKind: kind })]);
    await renderApp('/main/admin');
    const dialog = await openRangeDialogOfRow('Downtown Dental');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    const progress = await screen.findByRole('dialog', { name: 'Syncing calls of Downtown Dental' });
    expect(await within(progress).findByText(text)).toBeTruthy();
    expect(within(progress).queryByRole('button', { name: 'Return to Account Page' })).toBeNull();
  });

  it('on the AccessToken error, "Return to Account Page" goes to the account settings', async () => {
    serve([run('AccessToken'), run('Error', { errorKind: 'AccessToken' })]);
    fake.server.on('GET', '/locations/profile', () => json(200, { locations: [] }));
    const { router } = await renderApp('/main/admin');
    const dialog = await openRangeDialogOfRow('Downtown Dental');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    const progress = await screen.findByRole('dialog', { name: 'Syncing calls of Downtown Dental' });
    expect(
      await within(progress).findByText(
        'Error retrieving access token. This usually means that the location is out of sync. Return to your account page, click Sync CRM and choose the appropriate Location.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(progress).getByRole('button', { name: 'Return to Account Page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/settings/account'));
  });

  it('says Timeout: the dialog stops waiting while the server goes on', async () => {
    serve([run('CallInfo'), run('Timeout')]);
    await renderApp('/main/admin');
    const dialog = await openRangeDialogOfRow('Downtown Dental');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    expect(
      await screen.findByText(
        'We are processing your information. In a few minutes your recordings will be synchronized.',
      ),
    ).toBeTruthy();
  });

  it('a quota already full answers the start with the error at once', async () => {
    serve([run('Error', { errorKind: 'MaxCallAllreadyExcided' })], () =>
      json(202, run('Error', { errorKind: 'MaxCallAllreadyExcided' })),
    );
    await renderApp('/main/admin');
    const dialog = await openRangeDialogOfRow('Downtown Dental');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    expect(await screen.findByText('You have exceeded the maximum number of saved recordings.')).toBeTruthy();
    // The start's answer already ended the run: nothing to poll.
    expect(fake.server.calls('GET', '/crm/sync/7')).toHaveLength(0);
  });

  it('a sync of the account already running is said in the server’s words', async () => {
    serve([], () => apiError(409, 'CONFLICT', 'A sync of this account is already running.'));
    await renderApp('/main/admin');
    const dialog = await openRangeDialogOfRow('Downtown Dental');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    expect(await screen.findByText('A sync of this account is already running.')).toBeTruthy();
  });

  it('a location gone since the list loaded is LocationNotFound', async () => {
    serve([], () => apiError(404, 'NOT_FOUND', 'No account has this name.'));
    await renderApp('/main/admin');
    const dialog = await openRangeDialogOfRow('Downtown Dental');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync Calls' }));
    expect(await screen.findByText('Error. Try again later.')).toBeTruthy();
  });

  it('shows the French texts of the states', async () => {
    serve([run('Success')]);
    await renderApp('/main/admin');
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('fr');
    const row = (await screen.findByRole('rowheader', { name: 'Downtown Dental' })).closest('tr')!;
    await userEvent.click(
      within(row as HTMLElement).getByRole('button', { name: 'Synchroniser les appels' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Synchroniser les appels' });
    expect(within(dialog).getByRole('button', { name: 'Choisir une date' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Synchroniser les appels' }));
    expect(await screen.findByText('Les enregistrements ont été synchronisés !')).toBeTruthy();
  });
});
