/** Test factories: accounts made through the real API, so the data is always valid. */
import crypto from 'node:crypto';
import type { LoginResponse } from '@call-insights/contracts/users';
import type { App } from '../app.js';

export type CreatedUser = {
  id: number;
  email: string;
  username: string;
  password: string;
  token: string;
  auth: { authorization: string };
};

export async function createUser(
  app: App,
  overrides: Partial<{
    firstName: string;
    lastName: string;
    userName: string;
    email: string;
    organization: string;
    password: string;
  }> = {},
): Promise<CreatedUser> {
  const tag = crypto.randomBytes(4).toString('hex');
  const body = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName: `ada_${tag}`,
    email: `ada_${tag}@example.com`,
    organization: `Org ${tag}`,
    password: 'correct horse battery',
    ...overrides,
  };
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { ...body, confirmPassword: body.password },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { accessToken, user } = login.json<LoginResponse>();
  return {
    id: user.id,
    email: body.email,
    username: body.userName,
    password: body.password,
    token: accessToken,
    auth: { authorization: `Token ${accessToken}` },
  };
}
