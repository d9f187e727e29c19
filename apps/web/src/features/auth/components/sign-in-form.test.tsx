// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-server';
import { installFakeServer, renderApp } from '../../../testing/render-app';

const fake = installFakeServer();

describe('sign-in form', () => {
  it('tells a held-back account how long to wait, in the server’s words', async () => {
    fake.server.on('POST', '/users/login', () =>
      apiError(429, 'RATE_LIMITED', 'Too many failed sign-ins for this account. Try again in 60 seconds.'),
    );
    await renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'not the password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Too many failed sign-ins for this account. Try again in 60 seconds.'),
    ).toBeTruthy();
  });

  it('says the spec’s words for a wrong password', async () => {
    fake.server.on('POST', '/users/login', () => apiError(401, 'UNAUTHORIZED', 'Wrong Password'));
    await renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'not the password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('You entered wrong password')).toBeTruthy();
  });
});
