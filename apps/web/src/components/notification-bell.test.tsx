// @vitest-environment happy-dom
import { NotificationsResponse, type Notification } from '@call-insights/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../testing/fake-server';
import { installFakeServer, renderApp } from '../testing/render-app';

const fake = installFakeServer();

function serveNotifications(items: Notification[]) {
  const state = items.map((item) => ({ ...item }));
  const answer = () =>
    json(
      200,
      NotificationsResponse.parse({ unread: state.filter((item) => !item.read).length, items: state }),
    );
  fake.server
    .on('GET', '/notifications', answer)
    .on('POST', '/notifications/read', ({ body }) => {
      const request = body as { ids?: number[]; all?: true };
      for (const item of state) if (request.all || request.ids?.includes(item.id)) item.read = true;
      return json(200, { unread: state.filter((item) => !item.read).length });
    })
    .on('GET', '/dashboard/me', () => json(503, { error: { code: 'UNAVAILABLE', message: 'Later' } }));
}

const analysed: Notification = {
  id: 41,
  kind: 'call_analysed',
  params: { name: 'Roof repair quote' },
  link: { type: 'recording', id: 9 },
  read: false,
  createdAt: '2026-03-10T09:00:00.000Z',
};
const failed: Notification = {
  id: 40,
  kind: 'call_failed',
  params: { name: 'Garbled call', reason: 'The audio could not be read.' },
  link: { type: 'recording', id: 8 },
  read: false,
  createdAt: '2026-03-10T08:00:00.000Z',
};

describe('notification bell', () => {
  it('shows the unread count and my events with links to their calls', async () => {
    serveNotifications([analysed, failed]);
    await renderApp('/main/dashboard');

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const link = await screen.findByRole('link', { name: '“Roof repair quote” was analysed.' });
    expect(link.getAttribute('href')).toBe('/main/call-analysis/9');
    expect(screen.getByText('“Garbled call” failed: The audio could not be read.')).toBeTruthy();
  });

  it('says how a CRM sync ended, its error in the sync dialog’s words, linked to the account', async () => {
    serveNotifications([
      {
        id: 51,
        kind: 'crm_sync_finished',
        params: { location: 'Austin Office', imported: 12, skipped: 3, failed: 0 },
        link: { type: 'crm', id: 4 },
        read: false,
        createdAt: '2026-03-10T10:00:00.000Z',
      },
      {
        id: 50,
        kind: 'crm_sync_failed',
        params: { location: 'Dallas Office', reason: 'MaxCallAllreadyExcided' },
        link: { type: 'crm', id: 5 },
        read: false,
        createdAt: '2026-03-10T09:30:00.000Z',
      },
    ]);
    await renderApp('/main/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));

    const finished = await screen.findByRole('link', {
      name: 'Sync of Austin Office finished: 12 imported, 3 skipped, 0 failed.',
    });
    expect(finished.getAttribute('href')).toBe('/main/admin/location/4');
    expect(
      await screen.findByText(
        'Sync of Dallas Office failed: You have exceeded the maximum number of saved recordings.',
      ),
    ).toBeTruthy();
  });

  it('marks one, then all, as read', async () => {
    serveNotifications([analysed, failed]);
    await renderApp('/main/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));

    const item = (await screen.findByText('“Garbled call” failed: The audio could not be read.')).closest(
      'li',
    );
    await userEvent.click(within(item as HTMLElement).getByRole('button', { name: 'Mark as read' }));
    expect(fake.server.calls('POST', '/notifications/read')[0]?.body).toEqual({ ids: [40] });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(fake.server.calls('POST', '/notifications/read')[1]?.body).toEqual({ all: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
  });
});
