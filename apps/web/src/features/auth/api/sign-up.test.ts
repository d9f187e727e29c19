import { describe, expect, it } from 'vitest';
import { signUpInputSchema } from './sign-up';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  userName: 'ada',
  email: 'Ada@Example.com',
  organization: 'Analytical Engines',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

describe('signUpInputSchema', () => {
  it('accepts matching passwords and normalises the e-mail', () => {
    const parsed = signUpInputSchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
  });

  it('puts a mismatch under confirmPassword', () => {
    const result = signUpInputSchema.safeParse({ ...valid, confirmPassword: 'something else' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'validation.passwordMismatch' }),
    ]);
  });
});
