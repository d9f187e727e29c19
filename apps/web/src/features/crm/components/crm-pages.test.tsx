// @vitest-environment happy-dom
import type { LocationSummary } from '@call-insights/contracts/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, testUser } from '../../../testing/render-app';
import { browser } from '../hooks/use-crm-connect';

const fake = installFakeServer();
const admin = { ...testUser, role: 'admin' as const };
const CONSENT_URL = 'http://127.0.0.1:4567/oauth/chooselocation?state=signed';

const account = (id: number, name: string, active: boolean): LocationSummary => ({
  id,
  name,
  active,
  updatedAt: '2026-11-20T10:00:00.000Z',
  location_id: `loc-${id}`,
  companyId: 'co-1',
  source: 'Sandbox CRM',
  install: 'Company',
  needs_reconnect: false,
});

/** The browser leaving for the consent page is recorded instead of leaving the test's page. */
function recordLeaving(): string[] {
  const left: string[] = [];
  vi.spyOn(browser, 'leaveFor').mockImplementation((url) => void left.push(url));
  return left;
}
afterEach(() => vi.restoreAllMocks());

function serveConnect() {
  fake.server
    .on('GET', '/crm/provider', () => json(200, { kind: 'sandbox', label: 'Sandbox CRM' }))
    .on('PUT', '/users/user-type', () => json(200, { success: 'success' }))
    .on('POST', '/crm/oauth/start', () => json(200, { url: CONSENT_URL, expiresAt: 1_900_000_000 }));
}

describe('account settings', () => {
  it('lists the CRM accounts and turns Active sync off, then reads the list again', async () => {
    let active = true;
    fake.server
      .on('GET', `/users/userId/${admin.id}`, () => json(200, admin))
      .on('GET', '/locations/profile', () =>
        json(200, { locations: [account(1, 'Summit Denver', active), account(2, 'Summit Austin', false)] }),
      )
      .on('PUT', '/locations/active', (request) => {
        active = (request.body as { status: boolean }).status;
        return json(200, { msg: 'success' });
      });
    serveConnect();
    await renderApp('/main/settings/account');

    const table = await screen.findByRole('table', { name: 'CRM accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Source', 'Account name', 'Active sync']);
    const denver = within(table).getByText('Summit Denver').closest('tr')!;
    expect(within(denver).getByText('Sandbox CRM')).toBeTruthy();
    const toggle = within(table).getByRole('switch', {
      name: 'Active sync for Summit Denver',
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() => expect(fake.server.calls('GET', '/locations/profile')).toHaveLength(2));
    expect(fake.server.calls('PUT', '/locations/active')[0]?.body).toEqual({ id: 1, status: false });
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: 'Active sync for Summit Denver' }) as HTMLInputElement).checked,
      ).toBe(false),
    );
  });

  it('Sync CRM: the tooltip, the user type saved, then the browser leaves for the consent page', async () => {
    const left = recordLeaving();
    fake.server
      .on('GET', `/users/userId/${admin.id}`, () => json(200, admin))
      .on('GET', '/locations/profile', () => json(200, { locations: [] }));
    serveConnect();
    await renderApp('/main/settings/account');

    const syncCrm = await screen.findByRole('button', { name: 'Sync CRM' });
    const tooltip = document.getElementById(syncCrm.getAttribute('aria-describedby') ?? '');
    expect(tooltip?.textContent).toBe('This will prompt to sync HighLevel via Oauth');
    await userEvent.click(syncCrm);
    const dialog = await screen.findByRole('dialog', { name: 'Select user type' });
    expect(
      await within(dialog).findByText('You will approve the connection on the Sandbox CRM consent page.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Location/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));

    await waitFor(() => expect(left).toEqual([CONSENT_URL]));
    expect(fake.server.calls('PUT', '/users/user-type')[0]?.body).toEqual({
      user_type: 'Location',
      user_id: 7,
    });
    expect(fake.server.calls('POST', '/crm/oauth/start')[0]?.body).toEqual({ user_type: 'Location' });
  });

  it('says why the connection could not start (a member who is not an admin)', async () => {
    const left = recordLeaving();
    fake.server.on('GET', '/locations/profile', () => json(200, { locations: [] }));
    serveConnect();
    fake.server.on('POST', '/crm/oauth/start', () =>
      apiError(403, 'FORBIDDEN', 'Only an administrator can do this.'),
    );
    await renderApp('/main/settings/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Sync CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select user type' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(
      await screen.findByText('The CRM connection could not be started: Only an administrator can do this.'),
    ).toBeTruthy();
    expect(left).toEqual([]);
  });
});

describe('/sync-crm right after sign-up', () => {
  it('goes to the consent page as a Company', async () => {
    const left = recordLeaving();
    serveConnect();
    await renderApp('/sync-crm');
    await userEvent.click(await screen.findByRole('button', { name: 'Sync CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select user type' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Company/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(left).toEqual([CONSENT_URL]));
    expect(fake.server.calls('POST', '/crm/oauth/start')[0]?.body).toEqual({ user_type: 'Company' });
  });

  it('without a session, asks to sign in instead of closing silently', async () => {
    const left = recordLeaving();
    await renderApp('/sync-crm', { signedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Sync CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select user type' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Sign in to connect your CRM.')).toBeTruthy();
    expect(fake.server.calls('PUT', '/users/user-type')).toHaveLength(0);
    expect(left).toEqual([]);
  });
});

describe('/redirect', () => {
  it('posts code and state, says "Locations data is saved successful", then the account page', async () => {
    fake.server
      .on('POST', '/crm/oauth/callback', () =>
        json(201, {
          msg: 'success',
          user_type: 'Company',
          locations: [account(1, 'Summit Denver', true), account(2, 'Summit Austin', true)],
        }),
      )
      .on('GET', '/locations/profile', () => json(200, { locations: [] }))
      .on('GET', '/crm/provider', () => json(200, { kind: 'sandbox', label: 'Sandbox CRM' }));
    const { router } = await renderApp('/redirect?code=abc&state=signed-state');

    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Locations data is saved successful')).toBeTruthy();
    expect(within(dialog).getByText('Summit Austin')).toBeTruthy();
    expect(fake.server.calls('POST', '/crm/oauth/callback').map((call) => call.body)).toEqual([
      { code: 'abc', state: 'signed-state' },
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/settings/account'));
  });

  it('shows the server’s reason when the code or state is refused', async () => {
    fake.server.on('POST', '/crm/oauth/callback', () =>
      apiError(
        400,
        'BAD_REQUEST',
        'This CRM connection link was already used. Click Sync CRM to connect again.',
      ),
    );
    await renderApp('/redirect?code=abc&state=used');
    expect(
      await screen.findByText('This CRM connection link was already used. Click Sync CRM to connect again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync CRM again' })).toBeTruthy();
  });
});
