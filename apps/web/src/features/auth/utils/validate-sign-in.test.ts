import { beforeAll, describe, expect, it } from 'vitest';
import { configureValidationMessages } from '../../../lib/validation';
import { validateSignIn } from './validate-sign-in';

beforeAll(() => configureValidationMessages());

describe('validateSignIn', () => {
  it('asks for a valid e-mail and a password when both are empty', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      errors: { email: 'validation.email', password: 'validation.required' },
    });
  });

  it('rejects a malformed e-mail but accepts the password', () => {
    expect(validateSignIn({ email: 'someone@', password: 'secret' }).errors).toEqual({
      email: 'validation.email',
    });
  });

  it('limits the password length', () => {
    expect(validateSignIn({ email: 'a@example.com', password: 'x'.repeat(257) }).errors).toEqual({
      password: 'validation.maxLength:256',
    });
  });

  it('sends the e-mail trimmed and lower-cased, the password untouched', () => {
    expect(validateSignIn({ email: '  Someone@Example.COM ', password: ' Pass word ' })).toEqual({
      data: { email: 'someone@example.com', password: ' Pass word ' },
      errors: {},
    });
  });
});
