// @ts-check
/**
 * Import boundaries of the monorepo, as one ESLint rule that resolves each import to a file path
 * and checks who may import whom. Why each boundary exists is in docs/ARCHITECTURE.md
 * ("Boundaries"); the rule's own tests are in eslint-rules/boundaries.test.ts.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');

/** Where an import points, as a repo-relative path, or a bare package name. */
function resolveTarget(fromFile, spec) {
  if (spec.startsWith('.')) return { file: rel(path.resolve(path.dirname(fromFile), spec)) };
  const contracts = /^@call-insights\/contracts\/(.+)$/.exec(spec);
  if (contracts) return { file: `packages/contracts/src/${contracts[1]}` };
  if (spec.startsWith('@call-insights/')) return { pkg: spec };
  return { pkg: spec };
}

const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';
const WEB_SHARED = ['components/', 'lib/', 'hooks/', 'config/', 'types/', 'locales/'].map((d) => WEB + d);
const SERVER_INFRA = ['lib/', 'db/', 'jobs/', 'http/', 'plugins/', 'adapters/'].map((d) => SERVER + d);

const match = (re, s) => re.exec(s ?? '');

/** The reason an import breaks a boundary, or null. Exported for the rule's tests. */
export function violation(fromRel, target) {
  const file = target.file;
  // Contracts are shared by browser and server: zod only.
  if (fromRel.startsWith('packages/contracts/')) {
    if (target.pkg && target.pkg !== 'zod') return `contracts may import only zod (not "${target.pkg}")`;
    if (file && !file.startsWith('packages/contracts/')) return 'contracts may not import app code';
  }
  // The sandbox stands alone: it simulates a vendor and knows nothing of the app.
  if (fromRel.startsWith('packages/highlevel-sandbox/')) {
    if (file && !file.startsWith('packages/highlevel-sandbox/') && !file.startsWith('vendor/'))
      return 'the HighLevel sandbox may not import app code';
    if (target.pkg?.startsWith('@call-insights/')) return 'the HighLevel sandbox may not import app packages';
  }
  if (fromRel.startsWith(WEB)) {
    if (file && (file.startsWith('apps/server/') || file.startsWith('packages/highlevel-sandbox/')))
      return 'the browser may not import server code';
    if (target.pkg?.startsWith('node:')) return 'the browser may not import Node built-ins';
    const fromFeature = match(/^apps\/web\/src\/features\/([^/]+)\//, fromRel);
    const toFeature = match(/^apps\/web\/src\/features\/([^/]+)(\/|$)/, file);
    if (fromFeature && toFeature && fromFeature[1] !== toFeature[1])
      return `feature "${fromFeature[1]}" may not import feature "${toFeature[1]}"; move shared pieces to components/ or lib/`;
    if (WEB_SHARED.some((d) => fromRel.startsWith(d))) {
      if (toFeature) return 'shared web code may not import a feature';
      if (file?.startsWith(WEB + 'app/')) return 'shared web code may not import app/';
    }
    if (fromFeature && file?.startsWith(WEB + 'app/'))
      return 'features may not import app/ (the route table lives in config/)';
  }
  if (fromRel.startsWith(SERVER)) {
    const toModule = match(/^apps\/server\/src\/modules\/([^/]+)\/(.*)$/, file);
    if (SERVER_INFRA.some((d) => fromRel.startsWith(d)) && toModule && !/\.test\.ts$/.test(fromRel))
      return 'adapters and infrastructure may not import modules';
    const fromModule = match(/^apps\/server\/src\/modules\/([^/]+)\//, fromRel);
    if (
      fromModule &&
      toModule &&
      fromModule[1] !== toModule[1] &&
      /\.repository(\.js|\.ts)?$/.test(toModule[2])
    )
      return `module "${fromModule[1]}" may not import the repository of module "${toModule[1]}"; call its service`;
    if (file?.startsWith('apps/web/')) return 'the server may not import browser code';
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between layers and features' },
    schema: [],
  },
  create(context) {
    const fromRel = rel(context.filename);
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const reason = violation(fromRel, resolveTarget(context.filename, spec));
      if (reason) context.report({ node, message: `Import boundary: ${reason}.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
