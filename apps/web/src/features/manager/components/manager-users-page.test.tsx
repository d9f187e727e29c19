// @vitest-environment happy-dom
import { INVITE_EMAIL_HAS_ACCOUNT, LAST_ADMIN, type Invitation } from '@call-insights/contracts/members';
import { ManagerUsersResponse, type ManagerUser } from '@call-insights/contracts/manager';
import type { Role } from '@call-insights/contracts/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { configureValidationMessages } from '../../../lib/validation';
import { apiError, json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, searchOf, testUser } from '../../../testing/render-app';

const fake = installFakeServer();
// As main.tsx does: validation messages are translation keys.
beforeAll(() => configureValidationMessages());

const members: ManagerUser[] = [
  {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    role: 'admin',
    user_type: 'Company',
    recordings: 12,
    userMinTime: 41,
    userSecTime: 5,
  },
  {
    id: 8,
    username: 'grace',
    email: 'grace@example.com',
    firstname: 'Grace',
    lastname: 'Hopper',
    role: 'manager',
    user_type: 'Location',
    recordings: 3,
    userMinTime: 9,
    userSecTime: 30,
  },
];

function serveMembers(role: Role) {
  fake.server
    .on('GET', `/users/userId/${testUser.id}`, () => json(200, { ...testUser, role }))
    .on('GET', '/manager/users', ({ query }) => {
      const q = query.get('q') ?? '';
      const items = members.filter((member) => member.username.includes(q));
      return json(
        200,
        ManagerUsersResponse.parse({ items, total: items.length, page: 1, pageSize: 20, pageCount: 1 }),
      );
    })
    .on('GET', '/users/invitations', () => json(200, { invitations: [] }))
    .on('GET', '/locations', () =>
      json(200, {
        locations: [
          {
            id: 31,
            name: 'Springfield Roofing',
            active: true,
            updatedAt: '2026-01-01T00:00:00.000Z',
            location_id: 'loc-31',
            companyId: null,
            source: 'HighLevel',
            install: 'Location',
            needs_reconnect: false,
          },
        ],
      }),
    );
}

function invitation(email: string, role: Role): Invitation {
  return {
    id: 501,
    email,
    role,
    location_ids: [31],
    invitedBy: { id: 7, name: 'Ada Lovelace' },
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: '2026-03-08T10:00:00.000Z',
  };
}

describe('manager users', () => {
  it("lists the spec's columns: role upper-cased, duration m:ss", async () => {
    serveMembers('manager');
    await renderApp('/main/manager/users');
    const table = await screen.findByRole('table');
    const cells = within(within(table).getAllByRole('row')[2]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'grace',
      'grace@example.com',
      'Grace',
      'Hopper',
      'MANAGER',
      '3',
      '9:30',
      'Location',
    ]);
    // A manager reads the list; inviting is the admins'.
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
  });

  it('names roles and user types in French for a French reader, and still sends the same values', async () => {
    serveMembers('admin');
    fake.server
      .on('PATCH', '/members/8', ({ body }) =>
        json(200, {
          ...members[1],
          role: (body as { role: Role }).role,
          createdAt: '2026-01-01T00:00:00.000Z',
        }),
      )
      .on('GET', '/users/invitations', () =>
        json(200, { invitations: [invitation('new.rep@example.com', 'user')] }),
      );
    await renderApp('/main/manager/users');
    await screen.findByRole('table');
    await act(() => i18n.changeLanguage('fr'));

    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    const cells = (row: number) =>
      within(rows[row]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(1)).toEqual(expect.arrayContaining(['ADMINISTRATEUR', 'Entreprise']));
    expect(cells(2)).toEqual(expect.arrayContaining(['RESPONSABLE', 'Emplacement']));
    expect(screen.queryByText('MANAGER')).toBeNull();
    const pending = screen.getByRole('region', { name: 'Invitations en attente' });
    expect(within(pending).getByText(/Utilisateur/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir grace' }));
    const details = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(within(details).getByText('RESPONSABLE')).toBeTruthy();
    expect(within(details).getByText('Emplacement')).toBeTruthy();
    await userEvent.selectOptions(within(details).getByLabelText('Changer le rôle'), 'Administrateur');
    await userEvent.click(within(details).getByRole('button', { name: 'Enregistrer le rôle' }));
    expect(await screen.findByText(/Grace Hopper a maintenant le rôle Administrateur\./)).toBeTruthy();
    expect(fake.server.calls('PATCH', '/members/8')[0]?.body).toEqual({ role: 'admin' });

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un utilisateur' }));
    const invite = await screen.findByRole('dialog', { name: 'Inviter un membre' });
    const roles = within(within(invite).getByLabelText('Rôle')).getAllByRole('option');
    expect(roles.map((option) => [option.textContent, (option as HTMLOptionElement).value])).toEqual([
      ['Administrateur', 'admin'],
      ['Responsable', 'manager'],
      ['Utilisateur', 'user'],
    ]);
  });

  it('sorts and searches on the server', async () => {
    serveMembers('manager');
    const { router } = await renderApp('/main/manager/users');
    await screen.findByRole('table');

    await userEvent.click(screen.getByRole('button', { name: 'Sort by Duration' }));
    await waitFor(() =>
      expect(fake.server.calls('GET', '/manager/users').at(-1)?.query.get('sort')).toBe('duration'),
    );
    expect(fake.server.calls('GET', '/manager/users').at(-1)?.query.get('order')).toBe('asc');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Duration' }));
    await waitFor(() =>
      expect(fake.server.calls('GET', '/manager/users').at(-1)?.query.get('order')).toBe('desc'),
    );
    expect(searchOf(router).get('sort')).toBe('duration');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'gra');
    await waitFor(() =>
      expect(fake.server.calls('GET', '/manager/users').at(-1)?.query.get('q')).toBe('gra'),
    );
    await waitFor(() => expect(screen.queryByText('ada@example.com')).toBeNull());
  });

  it('invites with e-mail, role and a CRM account, and lists the invitation', async () => {
    serveMembers('admin');
    const sent: Invitation[] = [];
    fake.server
      .on('POST', '/users/invite', ({ body }) => {
        const { email, role } = body as { email: string; role: Role };
        const created = invitation(email, role);
        sent.push(created);
        return json(201, created);
      })
      .on('GET', '/users/invitations', () => json(200, { invitations: sent }));
    await renderApp('/main/manager/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await userEvent.type(within(dialog).getByLabelText('Email address'), '  New.Manager@Example.com ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'manager');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Springfield Roofing' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(fake.server.calls('POST', '/users/invite')).toHaveLength(1));
    expect(fake.server.calls('POST', '/users/invite')[0]?.body).toEqual({
      email: 'new.manager@example.com',
      role: 'manager',
      location_ids: [31],
    });
    expect(await screen.findByText('Invitation sent to new.manager@example.com.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a team member' })).toBeNull());
    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    expect(await within(pending).findByText('new.manager@example.com')).toBeTruthy();
    expect(
      within(pending).getByRole('button', { name: 'Revoke the invitation to new.manager@example.com' }),
    ).toBeTruthy();
  });

  it('opens the invitation at once from the admin locations page’s "Add user" (?invite=1)', async () => {
    serveMembers('admin');
    fake.server.on('GET', '/users/invitations', () => json(200, { invitations: [] }));
    const { router } = await renderApp('/main/manager/users?invite=1');
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a team member' })).toBeNull());
    expect(searchOf(router).get('invite')).toBeNull();
  });

  it("refuses a bad address before asking, and shows the server's refusal as it is", async () => {
    serveMembers('admin');
    fake.server.on('POST', '/users/invite', () => apiError(409, 'CONFLICT', INVITE_EMAIL_HAS_ACCOUNT));
    await renderApp('/main/manager/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await userEvent.type(within(dialog).getByLabelText('Email address'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();
    expect(fake.server.calls('POST', '/users/invite')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Email address'));
    await userEvent.type(within(dialog).getByLabelText('Email address'), 'grace@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', INVITE_EMAIL_HAS_ACCOUNT);
    expect(screen.getByRole('dialog', { name: 'Invite a team member' })).toBeTruthy();
  });

  it("opens a member from their row; removing the last admin shows the server's message", async () => {
    serveMembers('admin');
    fake.server.on('DELETE', '/members/7', () => apiError(409, 'CONFLICT', LAST_ADMIN));
    await renderApp('/main/manager/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Open ada' }));
    const details = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(details).getByText('41:05')).toBeTruthy();
    await userEvent.click(within(details).getByRole('button', { name: 'Remove member' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Ada Lovelace?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(confirm).findByRole('alert')).toHaveProperty('textContent', LAST_ADMIN);
  });

  it("changes a member's role", async () => {
    serveMembers('admin');
    fake.server.on('PATCH', '/members/8', ({ body }) =>
      json(200, {
        id: 8,
        firstname: 'Grace',
        lastname: 'Hopper',
        username: 'grace',
        email: 'grace@example.com',
        role: (body as { role: Role }).role,
        user_type: 'Location',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    );
    await renderApp('/main/manager/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Open grace' }));
    const details = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    await userEvent.selectOptions(within(details).getByLabelText('Change role'), 'admin');
    await userEvent.click(within(details).getByRole('button', { name: 'Save role' }));
    expect(
      await screen.findByText('The role of Grace Hopper is now Admin. Their current sessions have ended.'),
    ).toBeTruthy();
    expect(fake.server.calls('PATCH', '/members/8')[0]?.body).toEqual({ role: 'admin' });
  });

  it('tells a user the page is for managers, without asking for the members', async () => {
    serveMembers('user');
    await renderApp('/main/manager/users');

    expect(
      await screen.findByText(/Only managers and administrators can see the team's figures and members/),
    ).toBeTruthy();
    expect(screen.queryByText(/We couldn't load the members/)).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(fake.server.calls('GET', '/manager/users')).toHaveLength(0);
  });
});
