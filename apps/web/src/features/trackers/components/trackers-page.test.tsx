// @vitest-environment happy-dom
import type { Role } from '@call-insights/contracts/users';
import { Tracker, type TrackerList } from '@call-insights/contracts/trackers';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { apiError, json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, testUser } from '../../../testing/render-app';

const fake = installFakeServer();

const budget = Tracker.parse({
  id: 2,
  name: 'Budget',
  defaultName: 'budget',
  phrases: { en: ['budget', 'how much'], fr: ['budget'] },
  builtIn: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
});
const pricing = Tracker.parse({
  id: 9,
  name: 'Pricing pushback',
  defaultName: null,
  phrases: { en: ['too pricey'], fr: [] },
  builtIn: false,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
});

const FORBIDDEN = 'Your role does not allow this action.';

/** The trackers list as `role` sees it; writes succeed unless `refuse` (403, as the server says). */
function serve(role: Role, { refuse = false } = {}) {
  let trackers = [budget, pricing];
  fake.server
    .on('GET', `/users/userId/${testUser.id}`, () => json(200, { ...testUser, role }))
    .on('GET', '/trackers', () => json(200, { trackers } satisfies TrackerList))
    .on('POST', '/trackers', ({ body }) => {
      if (refuse) return apiError(403, 'FORBIDDEN', FORBIDDEN);
      const created = Tracker.parse({
        ...(body as object),
        id: 10,
        defaultName: null,
        builtIn: false,
        createdAt: '2026-03-01T10:00:00.000Z',
        updatedAt: '2026-03-01T10:00:00.000Z',
      });
      trackers = [...trackers, created];
      return json(201, created);
    })
    .on('DELETE', /^\/trackers\/\d+$/, ({ path }) => {
      if (refuse) return apiError(403, 'FORBIDDEN', FORBIDDEN);
      trackers = trackers.filter((t) => `/trackers/${t.id}` !== path);
      return new Response(null, { status: 204 });
    });
}

const writes = () => fake.server.requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/trackers'));

describe('trackers page', () => {
  it('lets an admin add, edit and delete trackers', async () => {
    serve('admin');
    await renderApp('/main/trackers');

    const list = await screen.findByRole('list', { name: 'Trackers' });
    expect(within(list).getByRole('heading', { name: /Pricing pushback/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Pricing pushback' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Budget' })).toBeTruthy();
    expect(screen.queryByText(/Only managers and administrators/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add tracker' }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Warranty');
    await userEvent.type(screen.getByLabelText('English phrases'), 'warranty');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.server.calls('POST', '/trackers')).toHaveLength(1));
    expect(fake.server.calls('POST', '/trackers')[0]?.body).toEqual({
      name: 'Warranty',
      phrases: { en: ['warranty'], fr: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Warranty' })).toBeTruthy();
    // A change offers to re-apply the trackers to older calls.
    expect(screen.getByRole('button', { name: 'Re-apply to older calls' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Pricing pushback' }));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Pricing pushback');
    expect((screen.getByLabelText('English phrases') as HTMLTextAreaElement).value).toBe('too pricey');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Pricing pushback' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.server.calls('DELETE', '/trackers/9')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Pricing pushback/ })).toBeNull());
  });

  it('shows a sales rep the trackers read-only, saying who can change them', async () => {
    serve('user');
    await renderApp('/main/trackers');

    const list = await screen.findByRole('list', { name: 'Trackers' });
    expect(within(list).getByRole('heading', { name: /Budget/ })).toBeTruthy();
    expect(within(list).getByText('too pricey')).toBeTruthy();
    expect(
      screen.getByText(/Only managers and administrators can add, change or delete trackers/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add tracker' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(writes()).toEqual([]);

    await act(() => i18n.changeLanguage('fr'));
    expect(
      await screen.findByText(
        /Seuls les responsables et les administrateurs peuvent ajouter, modifier ou supprimer des trackers/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter un tracker' })).toBeNull();
  });

  it('says who can change trackers when the server refuses a change (the role changed meanwhile)', async () => {
    serve('manager', { refuse: true });
    await renderApp('/main/trackers');

    await userEvent.click(await screen.findByRole('button', { name: 'Add tracker' }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Warranty');
    await userEvent.type(screen.getByLabelText('English phrases'), 'warranty');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        /Your role does not allow changing trackers; only managers and administrators can/,
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Budget' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        /Your role does not allow changing trackers; only managers and administrators can/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(FORBIDDEN)).toBeNull();
  });
});
