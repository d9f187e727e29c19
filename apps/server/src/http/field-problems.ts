/**
 * Says what is wrong with one input field in words a user can act on, in the request's language:
 * "must be a number" rather than zod's "Invalid input: expected number, received NaN". A message a
 * contract wrote itself (a custom zod message, already meant for users) is kept as written.
 */
import { msg } from '../errors.js';
import { translate, type Language } from '../i18n/translate.js';

/** One zod issue as fastify-type-provider-zod hands it over (`keyword` = the issue's code), or the issue itself. */
export type IssueLike = {
  code?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** zod's own English messages start so; anything else was written for users in a contract. */
const ZOD_DEFAULT = /^(?:Invalid|Too (?:small|big)|Unrecognized key)/u;

const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '?');
const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x)).join(', ') : '');

export function fieldProblem(issue: IssueLike, lang: Language): string {
  const message = issue.message ?? '';
  // The issue's own fields (a zod issue) or its params (as fastify hands it over): expected, origin…
  const p: Record<string, unknown> = { ...issue, ...(issue.params ?? {}) };
  const say = (text: string, params?: Record<string, string | number>) => translate(lang, text, params);
  if (message && !ZOD_DEFAULT.test(message)) return say(message);
  const code = issue.keyword ?? issue.code;
  switch (code) {
    case 'invalid_type':
      if (/received undefined$/u.test(message)) return say(msg('is required'));
      switch (p.expected) {
        case 'number':
        case 'int':
        case 'bigint':
          return say(msg('must be a number'));
        case 'string':
          return say(msg('must be text'));
        case 'boolean':
          return say(msg('must be true or false'));
        case 'array':
          return say(msg('must be a list'));
        case 'object':
          return say(msg('must be an object'));
        default:
          return say(msg('has the wrong type'));
      }
    case 'too_small':
      if (p.origin === 'string')
        return Number(p.minimum) <= 1
          ? say(msg('must not be empty'))
          : say(msg('must be at least {min} characters long'), { min: num(p.minimum) });
      if (p.origin === 'array') return say(msg('must have at least {min} items'), { min: num(p.minimum) });
      return say(msg('must be at least {min}'), { min: num(p.minimum) });
    case 'too_big':
      if (p.origin === 'string')
        return say(msg('must be at most {max} characters long'), { max: num(p.maximum) });
      if (p.origin === 'array') return say(msg('must have at most {max} items'), { max: num(p.maximum) });
      return say(msg('must be at most {max}'), { max: num(p.maximum) });
    case 'invalid_format':
      if (p.format === 'email') return say(msg('must be a valid e-mail address'));
      if (p.format === 'url') return say(msg('must be a valid web address'));
      if (p.format === 'uuid' || p.format === 'guid') return say(msg('must be a valid UUID'));
      return say(msg('is not in the expected format'));
    case 'invalid_value':
      return say(msg('must be one of: {values}'), { values: list(p.values) });
    case 'unrecognized_keys':
      return say(msg('has fields that are not accepted: {keys}'), { keys: list(p.keys) });
    default:
      return say(msg('is not valid'));
  }
}
