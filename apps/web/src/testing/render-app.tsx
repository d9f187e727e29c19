/**
 * Renders the real app (route table, providers, lazy pages, translations) at a URL in a memory
 * router, signed in as `user`. The server is a FakeServer installed as the global fetch; nothing of
 * ours is mocked. Import only from tests running in a DOM environment (happy-dom).
 */
import type { User } from '@call-insights/contracts/users';
import { cleanup, configure, render, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { routes } from '../app/route-table';
import { RouteFallback } from '../app/routes/route-fallback';
import { i18n, i18nReady } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { saveSignedInAccount } from '../lib/storage';
import { FakeServer, json } from './fake-server';

// A shared 2-core machine: give rendering and the fake server's answers room before giving up.
configure({ asyncUtilTimeout: 4_000 });

export const testUser: User = {
  id: 7,
  userId: 7,
  firstname: 'Ada',
  lastname: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  role: 'user',
  user_type: 'Company',
  organizationId: 3,
  organization: 'Analytical Engines',
  hasAgencyKey: false,
  createdAt: '2026-01-05T10:00:00.000Z',
};

/** A JWT the SPA accepts (it only reads `exp`; the fake server does not check signatures). */
function tokenFor(user: User): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(user.id), exp })}.signature`;
}

/** A fresh fake server per test, installed as `fetch`, answering the current user. */
export function installFakeServer(): { readonly server: FakeServer } {
  const holder = { server: new FakeServer() };
  beforeEach(() => {
    holder.server = new FakeServer().on('GET', `/users/userId/${testUser.id}`, () => json(200, testUser));
    vi.stubGlobal('fetch', holder.server.fetch);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });
  return holder;
}

export async function renderApp(url: string, { signedIn = true } = {}) {
  await i18nReady;
  await i18n.changeLanguage('en');
  if (signedIn) {
    saveSignedInAccount({
      id: testUser.id,
      email: testUser.email,
      username: testUser.username,
      accessToken: tokenFor(testUser),
    });
  }
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider>
      <Suspense fallback={<RouteFallback />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>,
  );
  // The first visit fetches the page's code and texts (lazy routes) before anything shows.
  await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 15_000 });
  return { router, ...view };
}

/** The current URL's search parameters of a memory router. */
export function searchOf(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}
