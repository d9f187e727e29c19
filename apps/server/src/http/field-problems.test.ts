import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { listParam, translate } from '../i18n/translate.js';
import { fieldProblem, fieldProblems } from './field-problems.js';

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

/** Every issue of `value`, handed over as fastify-type-provider-zod does (path as instancePath). */
function problems(schema: z.ZodType, value: unknown, lang: 'en' | 'fr' = 'en') {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  const issues = parsed.error.issues.map(({ code, message, path, ...rest }) => ({
    keyword: code,
    message,
    instancePath: `/${path.join('/')}`,
    params: rest,
  }));
  return fieldProblems(issues, lang, { schema, input: value, where: 'body' });
}

describe('field problems of a request part', () => {
  const id = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

  it('reads exclusive limits: whole numbers as the next whole number, others as greater/less than', () => {
    expect(problems(id, { id: '0' })).toEqual([{ path: 'id', message: 'must be at least 1' }]);
    expect(problems(id, { id: '-1' }, 'fr')).toEqual([{ path: 'id', message: 'doit valoir au moins 1' }]);
    expect(problems(z.object({ n: z.int().lt(10) }), { n: 12 })).toEqual([
      { path: 'n', message: 'must be at most 9' },
    ]);
    expect(problems(z.object({ n: z.number().gt(1.5) }), { n: 1 })).toEqual([
      { path: 'n', message: 'must be greater than 1.5' },
    ]);
    expect(problems(z.object({ n: z.number().lt(3) }), { n: 4 }, 'fr')).toEqual([
      { path: 'n', message: 'doit être inférieur à 3' },
    ]);
    expect(problems(z.object({ n: z.number().positive() }), { n: 0 }, 'fr')).toEqual([
      { path: 'n', message: 'doit être supérieur à 0' },
    ]);
  });

  it('names each field once, with its most useful problem', () => {
    // zod's safe-integer bound and the schema's own: the tighter one is said.
    for (const big of ['99999999999999999999', '1e308'])
      expect(problems(id, { id: big })).toEqual([{ path: 'id', message: 'must be at most 2147483647' }]);
    const name = z.object({
      name: z
        .string()
        .min(3)
        .regex(/^[a-z]+$/, 'Use letters, digits, dot, dash or underscore'),
    });
    expect(problems(name, { name: 'A' })).toEqual([
      { path: 'name', message: 'Use letters, digits, dot, dash or underscore' },
    ]);
    expect(problems(z.object({ q: z.string().max(5) }), { q: [] })).toEqual([
      { path: 'q', message: 'must be text' },
    ]);
  });

  it('opens a union: literals as one list (null included), the type all wanted, the fields one needs', () => {
    const expiry = z.object({
      expires_in_days: z
        .union([z.literal(7), z.literal(30), z.literal(90)])
        .nullable()
        .optional(),
    });
    expect(problems(expiry, { expires_in_days: 5 })).toEqual([
      { path: 'expires_in_days', message: 'must be one of: 7, 30, 90, null' },
    ]);
    const markRead = z.union([
      z.object({ ids: z.array(z.number()).min(1) }),
      z.object({ all: z.literal(true) }),
    ]);
    expect(problems(markRead, { all: false })).toEqual([{ path: 'all', message: 'must be true' }]);
    expect(problems(markRead, { all: false }, 'fr')).toEqual([{ path: 'all', message: 'doit valoir true' }]);
    expect(problems(markRead, { ids: [] })).toEqual([{ path: 'ids', message: 'must have at least 1 items' }]);
    expect(problems(markRead, 5)).toEqual([{ path: 'body', message: 'must be an object' }]);
    expect(problems(markRead, [])).toEqual([{ path: 'body', message: 'must be an object' }]);
    expect(problems(markRead, {})).toEqual([{ path: 'body', message: 'must include one of: ids, all' }]);
  });

  it('says how a date is written', () => {
    const window = z.object({
      start_date: z
        .union([z.number().int().min(0), z.iso.datetime({ offset: true }), z.iso.date()])
        .optional(),
    });
    expect(problems(window, { start_date: '2024/01/31' })).toEqual([
      { path: 'start_date', message: 'must be in the format YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ' },
    ]);
    expect(problems(window, { start_date: 'tomorrow' }, 'fr')).toEqual([
      { path: 'start_date', message: 'doit être au format YYYY-MM-DD ou YYYY-MM-DDTHH:MM:SSZ' },
    ]);
    expect(problems(z.object({ day: z.iso.date() }), { day: '31/01/2024' })).toEqual([
      { path: 'day', message: 'must be in the format YYYY-MM-DD' },
    ]);
  });
});

describe('list parameters', () => {
  it('are joined again in the reader’s language', () => {
    const formats = listParam(['WAV', 'MP3', 'FLAC'], 'disjunction');
    expect(formats).toBe('WAV, MP3 or FLAC');
    const message = 'This file is not a supported audio format. Upload {formats} audio.';
    expect(translate('en', message, { formats })).toBe(
      'This file is not a supported audio format. Upload WAV, MP3 or FLAC audio.',
    );
    expect(translate('fr', message, { formats })).toBe(
      'Ce fichier n’est pas dans un format audio pris en charge. Importez de l’audio WAV, MP3 ou FLAC.',
    );
  });
});
