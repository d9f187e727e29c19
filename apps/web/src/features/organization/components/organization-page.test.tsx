// @vitest-environment happy-dom
import type { AuditPage } from '@call-insights/contracts/audit';
import type { OrganizationSettings } from '@call-insights/contracts/organization';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, testUser } from '../../../testing/render-app';

const fake = installFakeServer();

function serve(
  settings: OrganizationSettings,
  events: AuditPage['events'] = [],
  role: 'admin' | 'manager' | 'user' = 'admin',
) {
  let current = settings;
  fake.server
    .on('GET', `/users/userId/${testUser.id}`, () => json(200, { ...testUser, role }))
    .on('GET', '/organization/settings', () => json(200, current))
    .on('PUT', '/organization/settings', ({ body }) => {
      current = { ...current, ...(body as Partial<OrganizationSettings>) };
      return json(200, current);
    })
    .on('GET', '/organization/retention-preview', ({ query }) =>
      json(200, {
        days: Number(query.get('days')),
        count: Number(query.get('days')) === 30 ? 7 : 0,
        oldest: '2026-01-02T10:00:00.000Z',
      }),
    )
    .on('GET', '/audit', () => json(200, { events, next_before: null } satisfies AuditPage));
}

describe('organization page', () => {
  it('shows how many recordings a retention would delete before it is saved, then saves it', async () => {
    serve({ redact_emails: false, redact_phones: false, retention_days: null });
    await renderApp('/main/settings/organization');

    const select = await screen.findByRole('combobox', { name: 'Keep recordings' });
    await userEvent.selectOptions(select, '30');
    expect(await screen.findByText(/7 recordings are older than this today/)).toBeTruthy();
    // Looking is a dry run: nothing was saved yet.
    expect(fake.server.calls('PUT', '/organization/settings')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(fake.server.calls('PUT', '/organization/settings')).toHaveLength(1));
    expect(fake.server.calls('PUT', '/organization/settings')[0]?.body).toEqual({ retention_days: 30 });
    expect(await screen.findByRole('button', { name: 'Apply now' })).toBeTruthy();
  });

  it('turns e-mail redaction on', async () => {
    serve({ redact_emails: false, redact_phones: false, retention_days: null });
    await renderApp('/main/settings/organization');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Remove e-mail addresses' }));
    await waitFor(() =>
      expect(fake.server.calls('PUT', '/organization/settings')[0]?.body).toEqual({ redact_emails: true }),
    );
  });

  it('lists audit events with who, what and from where', async () => {
    serve({ redact_emails: false, redact_phones: false, retention_days: null }, [
      {
        id: 3,
        createdAt: '2026-11-20T10:00:00.000Z',
        action: 'sign_in_failed',
        actor: { id: 1, username: 'ada', email: 'ada@example.com' },
        target: null,
        ip: '203.0.113.9',
        userAgent: 'Firefox',
        details: null,
      },
    ]);
    await renderApp('/main/settings/organization');
    expect(await screen.findByText('Failed sign-in', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('ada (ada@example.com)')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
  });

  it.each(['user', 'manager'] as const)(
    'shows a %s the settings read-only, without the admin-only requests',
    async (role) => {
      serve({ redact_emails: true, redact_phones: false, retention_days: 90 }, [], role);
      await renderApp('/main/settings/organization');

      expect(await screen.findByText(/Only administrators can change these settings/)).toBeTruthy();
      const emails = await screen.findByRole('checkbox', { name: 'Remove e-mail addresses' });
      expect((emails as HTMLInputElement).checked).toBe(true);
      expect((emails as HTMLInputElement).disabled).toBe(true);
      expect(
        (screen.getByRole('checkbox', { name: 'Remove phone numbers' }) as HTMLInputElement).disabled,
      ).toBe(true);
      const retention = screen.getByRole('combobox', { name: 'Keep recordings' }) as HTMLSelectElement;
      expect(retention.value).toBe('90');
      expect(retention.disabled).toBe(true);
      expect(screen.queryByRole('button', { name: 'Save retention' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
      expect(screen.queryByText('The organization settings could not be loaded.')).toBeNull();
      expect(fake.server.calls('GET', '/audit')).toHaveLength(0);
      expect(fake.server.calls('GET', '/organization/retention-preview')).toHaveLength(0);
    },
  );
});
