// @vitest-environment happy-dom
import type { LocationDetail } from '@call-insights/contracts/locations';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, testUser } from '../../../testing/render-app';

const fake = installFakeServer();
const admin = { ...testUser, role: 'admin' as const };

function detail(name: string): LocationDetail {
  return {
    id: 4,
    name,
    active: true,
    updatedAt: '2026-11-20T10:00:00.000Z',
    location_id: 'loc-4',
    companyId: 'co-1',
    source: 'Sandbox CRM',
    install: 'Company',
    needs_reconnect: false,
    address: null,
    city: 'Denver',
    state: 'CO',
    country: 'US',
    postalCode: null,
    website: null,
    timezone: null,
    email: null,
    phone: null,
    users: [
      {
        id: 7,
        firstname: 'Ada',
        lastname: 'Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        role: 'admin',
        users_locations: { role: 'owner' },
      },
      {
        id: 9,
        firstname: 'Alan',
        lastname: 'Turing',
        username: 'alan',
        email: 'alan@example.com',
        role: 'user',
        users_locations: { role: 'member' },
      },
    ],
  };
}

describe('location users page', () => {
  it('titles the list "{name} - User list" with the spec’s columns and a Back button', async () => {
    fake.server
      .on('GET', `/users/userId/${admin.id}`, () => json(200, admin))
      .on('GET', '/locations/location', () => json(200, { location: detail('Summit Denver') }))
      .on('GET', '/locations', () => json(200, { locations: [] }));
    const { router } = await renderApp('/main/admin/location/4');

    expect(await screen.findByRole('heading', { name: 'Summit Denver - User list' })).toBeTruthy();
    expect(fake.server.calls('GET', '/locations/location')[0]?.query.get('id')).toBe('4');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['First name', 'Last name', 'Username', 'Email', 'Role']);
    const alan = within(table).getByText('Alan').closest('tr')!;
    expect([...alan.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Alan',
      'Turing',
      'alan',
      'alan@example.com',
      'member',
    ]);

    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/admin'));
  });

  it('names the app’s roles in French for a French reader, and shows other roles as sent', async () => {
    const location = detail('Summit Denver');
    location.users[1]!.users_locations.role = 'manager';
    fake.server
      .on('GET', `/users/userId/${admin.id}`, () => json(200, admin))
      .on('GET', '/locations/location', () => json(200, { location }))
      .on('GET', '/locations', () => json(200, { locations: [] }));
    await renderApp('/main/admin/location/4');
    await screen.findByRole('table');
    await act(() => i18n.changeLanguage('fr'));

    const roleOf = (first: string) =>
      within(screen.getByRole('table')).getByText(first).closest('tr')!.querySelectorAll('td')[4]
        ?.textContent;
    await waitFor(() => expect(roleOf('Alan')).toBe('Responsable'));
    expect(roleOf('Ada')).toBe('owner');
  });

  it('says the location could not be loaded for an id that is not one', async () => {
    fake.server.on('GET', `/users/userId/${admin.id}`, () => json(200, admin));
    await renderApp('/main/admin/location/abc');
    expect(await screen.findByText('This location could not be loaded.')).toBeTruthy();
    expect(fake.server.calls('GET', '/locations/location')).toHaveLength(0);
  });
});

describe('location edit page', () => {
  it('prefills the name, disables "update" while empty, renames and reads the location again', async () => {
    let name = 'Summit Denver';
    fake.server
      .on('GET', `/users/userId/${admin.id}`, () => json(200, admin))
      .on('GET', '/locations/location', () => json(200, { location: detail(name) }))
      .on('PUT', '/locations/location', (request) => {
        name = (request.body as { name: string }).name;
        return json(200, { msg: 'success' });
      });
    await renderApp('/main/admin/location/edit/4');

    const field = (await screen.findByLabelText(/Location name/)) as HTMLInputElement;
    expect(field.value).toBe('Summit Denver');
    const update = screen.getByRole('button', { name: 'update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(false);
    await userEvent.clear(field);
    expect(update.disabled).toBe(true);

    await userEvent.type(field, 'Summit Denver North');
    await userEvent.click(update);
    expect(await screen.findByText('The location has been renamed.')).toBeTruthy();
    expect(fake.server.calls('PUT', '/locations/location')[0]?.body).toEqual({
      id: 4,
      name: 'Summit Denver North',
    });
    // On msg "success" the location is read again.
    await waitFor(() => expect(fake.server.calls('GET', '/locations/location')).toHaveLength(2));
    expect(field.value).toBe('Summit Denver North');
  });

  it('is for admins only', async () => {
    await renderApp('/main/admin/location/edit/4');
    expect(await screen.findByText(/Only administrators can manage locations/)).toBeTruthy();
    expect(fake.server.calls('GET', '/locations/location')).toHaveLength(0);
  });
});
