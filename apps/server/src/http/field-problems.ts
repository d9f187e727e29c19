/**
 * Says what is wrong with one input field in words a user can act on, in the request's language:
 * "must be a number" rather than zod's "Invalid input: expected number, received NaN". A message a
 * contract wrote itself (a custom zod message, already meant for users) is kept as written.
 * `fieldProblems` describes a request part's issues: one problem per field (the most useful one),
 * unions opened to the alternative the input came closest to.
 */
import { msg } from '../errors.js';
import { joinList, translate, type Language } from '../i18n/translate.js';

/** One zod issue as fastify-type-provider-zod hands it over (`keyword` = the issue's code), or the issue itself. */
export type IssueLike = {
  code?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  /** zod's path of the issue, or fastify's (`instancePath`, "/a/0/b"). */
  path?: readonly PropertyKey[];
  instancePath?: string;
};

export type FieldProblem = { path: string; message: string };

/** What the field's schema says beyond the issue: an integer (exclusive bounds read as whole numbers), null allowed. */
type FieldKind = { integer: boolean; nullable: boolean };

/** zod's own English messages start so; anything else was written for users in a contract. */
const ZOD_DEFAULT = /^(?:Invalid|Too (?:small|big)|Unrecognized key)/u;

const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '?');
const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x)).join(', ') : '');

/** How a date or time format is written, for the formats zod names; the most used first. */
const FORMAT_PATTERNS: Record<string, string> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DDTHH:MM:SSZ',
  time: 'HH:MM:SS',
};

// --- The schema of a field, read from the route's zod schema (zod 4 internals, by shape). ---

type SchemaLike = {
  _zod: { def: { type: string } & Record<string, unknown>; bag?: Record<string, unknown> };
};
const isSchema = (s: unknown): s is SchemaLike =>
  typeof s === 'object' && s !== null && '_zod' in s && typeof (s as SchemaLike)._zod?.def?.type === 'string';
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schemas a value is checked by, wrappers and pipes opened and unions spread. */
function leaves(s: unknown, depth = 0): SchemaLike[] {
  if (!isSchema(s) || depth > 32) return [];
  const def = s._zod.def;
  if (WRAPPERS.has(def.type)) return leaves(def.innerType, depth + 1);
  if (def.type === 'pipe')
    return leaves(isSchema(def.out) && def.out._zod.def.type !== 'transform' ? def.out : def.in, depth + 1);
  if (def.type === 'lazy' && typeof def.getter === 'function') return leaves(def.getter(), depth + 1);
  if (def.type === 'union' && Array.isArray(def.options))
    return def.options.flatMap((o) => leaves(o, depth + 1));
  if (def.type === 'intersection') return [...leaves(def.left, depth + 1), ...leaves(def.right, depth + 1)];
  return [s];
}

function acceptsNull(s: unknown, depth = 0): boolean {
  if (!isSchema(s) || depth > 32) return false;
  const def = s._zod.def;
  if (def.type === 'nullable' || def.type === 'null') return true;
  if (WRAPPERS.has(def.type)) return acceptsNull(def.innerType, depth + 1);
  if (def.type === 'pipe')
    return acceptsNull(
      isSchema(def.out) && def.out._zod.def.type !== 'transform' ? def.out : def.in,
      depth + 1,
    );
  if (def.type === 'union' && Array.isArray(def.options))
    return def.options.some((o) => acceptsNull(o, depth + 1));
  return false;
}

function childrenOf(s: SchemaLike, key: string): unknown[] {
  const def = s._zod.def;
  if (def.type === 'object') {
    const shape = (def.shape ?? {}) as Record<string, unknown>;
    return Object.hasOwn(shape, key) ? [shape[key]] : def.catchall ? [def.catchall] : [];
  }
  if (def.type === 'array') return [def.element];
  if (def.type === 'record') return [def.valueType];
  if (def.type === 'tuple' && Array.isArray(def.items)) {
    const i = Number(key);
    return Number.isInteger(i) && i < def.items.length ? [def.items[i]] : def.rest ? [def.rest] : [];
  }
  return [];
}

function kindAt(root: unknown, path: readonly PropertyKey[]): FieldKind {
  let at: unknown[] = root === undefined ? [] : [root];
  for (const key of path) at = at.flatMap((s) => leaves(s).flatMap((l) => childrenOf(l, String(key))));
  const integer = at.flatMap((s) => leaves(s)).some(isWhole);
  return { integer, nullable: at.some((s) => acceptsNull(s)) };
}

/** A bigint, or a number that must be whole (`z.int()`, `.int()`, `z.int32()`…). */
function isWhole(l: SchemaLike): boolean {
  const { def, bag } = l._zod;
  if (def.type === 'bigint') return true;
  if (def.type !== 'number') return false;
  const intFormat = (f: unknown) => typeof f === 'string' && f.includes('int');
  const checks = Array.isArray(def.checks) ? (def.checks as unknown[]) : [];
  return (
    (l as { isInt?: unknown }).isInt === true ||
    intFormat(def.format) ||
    intFormat(bag?.format) ||
    checks.some((c) => intFormat((c as { _zod?: { def?: { format?: unknown } } })._zod?.def?.format))
  );
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[String(key)];
  }
  return v;
}

// --- Issues ---

/** An issue with its code, its path from the request part's root, and its fields (expected, minimum…). */
type Issue = { code: string; message: string; path: PropertyKey[]; p: Record<string, unknown> };

function normalise(issue: IssueLike, prefix: readonly PropertyKey[] = []): Issue {
  const path =
    issue.path ??
    (issue.instancePath ?? '')
      .split('/')
      .filter((k) => k !== '')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  return {
    code: issue.keyword ?? issue.code ?? '',
    message: issue.message ?? '',
    path: [...prefix, ...path],
    p: { ...issue, ...(issue.params ?? {}) },
  };
}

type Context = { lang: Language; schema?: unknown; input?: unknown };
type Found = { path: PropertyKey[]; message: string; rank: number; bound?: number };

const isCustom = (i: Issue) => i.message !== '' && !ZOD_DEFAULT.test(i.message);

/** Lower is more useful: a contract's own words, then a wrong type, then a wrong value, then a limit. */
function rankOf(i: Issue): number {
  if (isCustom(i)) return 0;
  if (i.code === 'invalid_type') return 1;
  if (i.code === 'invalid_value' || i.code === 'invalid_format' || i.code === 'invalid_union') return 2;
  if (i.code === 'too_small' || i.code === 'too_big') return 3;
  return 4;
}

/** Describes one issue; a union is opened, so it may name fields below its own path. */
function describe(i: Issue, ctx: Context): Found[] {
  if (i.code === 'invalid_union' && !isCustom(i)) {
    const opened = describeUnion(i, ctx);
    if (opened) return opened;
  }
  const bound =
    i.code === 'too_big' ? Number(i.p.maximum) : i.code === 'too_small' ? -Number(i.p.minimum) : undefined;
  return [{ path: i.path, message: problemText(i, ctx), rank: rankOf(i), bound }];
}

/**
 * A union's issue says only "Invalid input"; its alternatives say why each refused the value. The
 * answer is the alternative the value came closest to: literals gathered into one list, one type
 * all of them wanted, the fields one of them needs, or the problems of the nearest one.
 */
function describeUnion(i: Issue, ctx: Context): Found[] | undefined {
  const raw = Array.isArray(i.p.errors) ? (i.p.errors as unknown[]) : [];
  const branches = raw
    .filter((b): b is IssueLike[] => Array.isArray(b) && b.length > 0)
    .map((b) => b.map((issue) => normalise(issue, i.path)));
  if (branches.length === 0) return undefined;
  const here = (x: Issue) => x.path.length === i.path.length;
  const say = (text: string, params?: Record<string, string | number>) => [
    { path: i.path, message: translate(ctx.lang, text, params), rank: 2 },
  ];

  // 7 | 30 | 90: every alternative is one literal value.
  if (
    branches.every((b) => b.length === 1 && here(b[0]!) && b[0]!.code === 'invalid_value' && !isCustom(b[0]!))
  ) {
    const values = branches.flatMap((b) => (Array.isArray(b[0]!.p.values) ? b[0]!.p.values : []));
    return [{ path: i.path, message: oneOf(values, ctx, i.path), rank: 2 }];
  }
  const wrongType = (b: Issue[]) => b.some((x) => here(x) && x.code === 'invalid_type');
  const missing = (b: Issue[]) => b.every((x) => !here(x) && valueAt(ctx.input, x.path) === undefined);
  const near = branches.filter((b) => !wrongType(b) && !missing(b));
  if (near.length === 0) {
    const types = new Set(branches.flatMap((b) => b.filter(here).map((x) => String(x.p.expected))));
    const firstType = branches[0]!.find(here);
    if (branches.every(wrongType) && types.size === 1 && firstType) return describe(firstType, ctx);
    const needs = branches
      .filter(missing)
      .map((b) => [...new Set(b.map((x) => String(x.path[i.path.length])))].join(' + '));
    if (needs.length > 0)
      return say(msg('must include one of: {keys}'), { keys: [...new Set(needs)].join(', ') });
    return undefined;
  }
  // A date written another way: the formats the alternatives accept.
  if (near.every((b) => b.every((x) => here(x) && x.code === 'invalid_format' && !isCustom(x)))) {
    const formats = near.flatMap((b) => b.map((x) => FORMAT_PATTERNS[String(x.p.format)]));
    if (formats.every((f) => f !== undefined)) return formatProblem(formats, ctx, i.path);
  }
  const best = near.reduce((a, b) => (b.length < a.length ? b : a));
  return best.flatMap((x) => describe(x, ctx));
}

function oneOf(values: unknown[], ctx: Context, path: readonly PropertyKey[]): string {
  const all = kindAt(ctx.schema, path).nullable && !values.includes(null) ? [...values, null] : values;
  const text = all.map((v) => String(v));
  return text.length === 1
    ? translate(ctx.lang, msg('must be {value}'), { value: text[0]! })
    : translate(ctx.lang, msg('must be one of: {values}'), { values: text.join(', ') });
}

function formatProblem(patterns: string[], ctx: Context, path: PropertyKey[]): Found[] {
  const order = Object.values(FORMAT_PATTERNS);
  const sorted = [...new Set(patterns)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const formats = joinList(ctx.lang, sorted, 'disjunction');
  return [
    { path, message: translate(ctx.lang, msg('must be in the format {formats}'), { formats }), rank: 2 },
  ];
}

/**
 * Each field's problem, in the order the fields first appear: one per field, the most useful of its
 * issues (a contract's message, a wrong type, a wrong value, then the tightest limit). `schema` and
 * `input` are the request part's schema and value (exclusive limits on whole numbers, null allowed,
 * which alternative of a union was meant); `where` names the part itself ("body").
 */
export function fieldProblems(
  issues: readonly IssueLike[],
  lang: Language,
  opts: { schema?: unknown; input?: unknown; where?: string } = {},
): FieldProblem[] {
  const ctx: Context = { lang, schema: opts.schema, input: opts.input };
  const best = new Map<string, Found>();
  for (const issue of issues) {
    for (const found of describe(normalise(issue), ctx)) {
      const key = found.path.map(String).join('.') || (opts.where ?? 'body');
      const kept = best.get(key);
      if (
        !kept ||
        found.rank < kept.rank ||
        (found.rank === kept.rank && (found.bound ?? Infinity) < (kept.bound ?? Infinity))
      )
        best.set(key, found);
    }
  }
  return [...best].map(([path, found]) => ({ path, message: found.message }));
}

/** The problem of one issue (a union's nearest alternative's first problem). */
export function fieldProblem(issue: IssueLike, lang: Language): string {
  return describe(normalise(issue), { lang })[0]?.message ?? translate(lang, msg('is not valid'));
}

function problemText(i: Issue, ctx: Context): string {
  const { message, p } = i;
  const say = (text: string, params?: Record<string, string | number>) => translate(ctx.lang, text, params);
  if (isCustom(i)) return say(message);
  // Whole numbers: "> 0" is "at least 1" (zod's int checks say origin "int"; else the schema does).
  const integer = () => p.origin === 'int' || p.origin === 'bigint' || kindAt(ctx.schema, i.path).integer;
  switch (i.code) {
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
      if (p.inclusive === false) {
        if (typeof p.minimum === 'number' && integer())
          return say(msg('must be at least {min}'), { min: Math.floor(p.minimum) + 1 });
        return say(msg('must be greater than {min}'), { min: num(p.minimum) });
      }
      return say(msg('must be at least {min}'), { min: num(p.minimum) });
    case 'too_big':
      if (p.origin === 'string')
        return say(msg('must be at most {max} characters long'), { max: num(p.maximum) });
      if (p.origin === 'array') return say(msg('must have at most {max} items'), { max: num(p.maximum) });
      if (p.inclusive === false) {
        if (typeof p.maximum === 'number' && integer())
          return say(msg('must be at most {max}'), { max: Math.ceil(p.maximum) - 1 });
        return say(msg('must be less than {max}'), { max: num(p.maximum) });
      }
      return say(msg('must be at most {max}'), { max: num(p.maximum) });
    case 'invalid_format':
      if (p.format === 'email') return say(msg('must be a valid e-mail address'));
      if (p.format === 'url') return say(msg('must be a valid web address'));
      if (p.format === 'uuid' || p.format === 'guid') return say(msg('must be a valid UUID'));
      if (typeof p.format === 'string' && FORMAT_PATTERNS[p.format])
        return formatProblem([FORMAT_PATTERNS[p.format]!], ctx, i.path)[0]!.message;
      return say(msg('is not in the expected format'));
    case 'invalid_value':
      return oneOf(Array.isArray(p.values) ? p.values : [], ctx, i.path);
    case 'unrecognized_keys':
      return say(msg('has fields that are not accepted: {keys}'), { keys: list(p.keys) });
    default:
      return say(msg('is not valid'));
  }
}
