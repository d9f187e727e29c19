/**
 * Validates answers against the response schemas of the vendored HighLevel OpenAPI files
 * (`vendor/highlevel-openapi/apps/*.json`), with their internal and `../common/common-schemas.json`
 * `$ref`s resolved by ajv.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const VENDOR = new URL('../../../vendor/highlevel-openapi/', import.meta.url);
export const SPECS = ['oauth', 'locations', 'conversations', 'contacts'] as const;
export type Spec = (typeof SPECS)[number];

function load(rel: string): { [k: string]: Json } {
  return JSON.parse(readFileSync(new URL(rel, VENDOR), 'utf8')) as { [k: string]: Json };
}

/** Rewrites `#/…` to `<id>#/…` and `../common/common-schemas.json#/…` to `common#/…`. */
function rewriteRefs(node: Json, id: string): Json {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, id));
  if (node === null || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') {
      out[k] = v.startsWith('#') ? `${id}${v}` : v.replace('../common/common-schemas.json', 'common');
    } else {
      out[k] = rewriteRefs(v, id);
    }
  }
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const docs = new Map<Spec, { [k: string]: Json }>();
ajv.addSchema({ $id: 'common', ...(rewriteRefs(load('common/common-schemas.json'), 'common') as object) });
for (const spec of SPECS) {
  const doc = load(`apps/${spec}.json`);
  docs.set(spec, doc);
  // Only components go in: ajv need not understand the rest of an OpenAPI document.
  ajv.addSchema({ $id: spec, components: rewriteRefs(doc.components as Json, spec) });
}

const compiled = new Map<string, ValidateFunction>();
export const covered = new Set<string>();

export function responseSchema(spec: Spec, path: string, method: string, status: number): Json {
  const op = ((docs.get(spec)?.paths as { [k: string]: Json })[path] as { [k: string]: Json } | undefined)?.[
    method
  ];
  const responses = (op as { [k: string]: Json } | undefined)?.responses as { [k: string]: Json } | undefined;
  const content = (responses?.[String(status)] as { [k: string]: Json } | undefined)?.content as
    { [k: string]: { schema: Json } } | undefined;
  const schema = content?.['application/json']?.schema;
  if (schema === undefined)
    throw new Error(`${spec} ${method.toUpperCase()} ${path} defines no JSON ${status} answer`);
  return schema;
}

/**
 * Throws with ajv's errors when `body` does not match the spec's answer for that status.
 * `pick` selects the part to validate when the live shape wraps the spec's (see callers).
 */
export function assertMatchesSpec(
  spec: Spec,
  path: string,
  method: string,
  status: number,
  body: unknown,
): void {
  const key = `${spec} ${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(responseSchema(spec, path, method, status), spec) as object);
    compiled.set(key, validate);
  }
  covered.add(key);
  if (!validate(body)) {
    throw new Error(`${key}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}
