import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldProblem } from './field-problems.js';

/** The first issue zod finds for `value`, handed over as the route layer does (code as keyword, the rest as params). */
function issueOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  const { code, message, path: _path, ...rest } = parsed.error.issues[0]!;
  return { keyword: code, message, params: rest };
}

describe('field problems', () => {
  it.each([
    [z.coerce.number().int().min(1).max(10), 'x', 'must be a number', 'doit être un nombre'],
    [z.coerce.number().int().min(1).max(10), '0', 'must be at least 1', 'doit valoir au moins 1'],
    [z.coerce.number().int().min(1).max(10), '11', 'must be at most 10', 'doit valoir au plus 10'],
    [z.object({ a: z.string() }), {}, 'is required', 'est obligatoire'],
    [z.string().min(1), '', 'must not be empty', 'ne doit pas être vide'],
    [z.string().min(8), 'short', 'must be at least 8 characters long', 'doit contenir au moins 8 caractères'],
    [
      z.string().max(3),
      'long text',
      'must be at most 3 characters long',
      'doit contenir au plus 3 caractères',
    ],
    [z.email(), 'not-an-address', 'must be a valid e-mail address', 'doit être une adresse e-mail valide'],
    [z.uuid(), 'abc', 'must be a valid UUID', 'doit être un UUID valide'],
    [
      z.enum(['createdAt:desc', 'createdAt:asc']),
      'name',
      'must be one of: createdAt:desc, createdAt:asc',
      'doit être l’une de ces valeurs : createdAt:desc, createdAt:asc',
    ],
    [z.array(z.string()).max(1), ['a', 'b'], 'must have at most 1 items', 'doit contenir au plus 1 éléments'],
    [z.boolean(), 'yes', 'must be true or false', 'doit valoir true ou false'],
    [
      z.strictObject({ a: z.string() }),
      { a: 'x', b: 1 },
      'has fields that are not accepted: b',
      'contient des champs non acceptés : b',
    ],
  ])('%#: says what to fix, in English and French', (schema, value, en, fr) => {
    const issue = issueOf(schema, value);
    expect(issue.message).not.toBe(en); // zod's own words are replaced
    expect(fieldProblem(issue, 'en')).toBe(en);
    expect(fieldProblem(issue, 'fr')).toBe(fr);
  });

  it('keeps a message a contract wrote for users', () => {
    const issue = issueOf(z.string().min(8, 'Password must be at least 8 characters.'), 'short');
    expect(fieldProblem(issue, 'en')).toBe('Password must be at least 8 characters.');
  });
});
