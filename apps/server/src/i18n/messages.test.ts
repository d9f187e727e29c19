/**
 * Every user-facing message written in the server's source has a French text, and the error
 * handler answers in the request's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES_FR } from './messages.fr.js';
import { languageOf, translate } from './translate.js';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const contractsDir = fileURLToPath(new URL('../../../../packages/contracts/src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test-support' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const unquote = (q: string) => q.slice(1, -1).replace(/\\(['"\\])/g, '$1');
const LITERAL = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;

/** Exported string constants of the contracts (messages the spec fixes, such as SIGNUP_TAKEN). */
function contractConstants(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of fs.readdirSync(contractsDir)) {
    const text = fs.readFileSync(path.join(contractsDir, file), 'utf8');
    for (const m of text.matchAll(new RegExp(String.raw`export const ([A-Z_]+) =\s*${LITERAL};`, 'g'))) {
      found.set(m[1]!, unquote(m[2]!));
    }
  }
  return found;
}

/** Messages the source shows users: AppError/DomainError literals, msg('…'), say('…'), handler tables. */
export function userMessagesInSource(): { message: string; file: string }[] {
  const constants = contractConstants();
  const out: { message: string; file: string }[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(srcDir, file);
    const patterns = [
      new RegExp(
        String.raw`(?:new (?:AppError|DomainError)|super)\(\s*'[A-Z_]+',\s*(?:${LITERAL}|([A-Z_]+)\b)`,
        'g',
      ),
      new RegExp(String.raw`\buserMessage:\s*${LITERAL}`, 'g'),
      new RegExp(String.raw`\b(?:msg|say)\(\s*${LITERAL}`, 'g'),
      // A field's message in an error's `fields` ({ path: …, message: '…' }).
      new RegExp(String.raw`\bpath:[^,\n]*,\s*message:\s*${LITERAL}`, 'g'),
    ];
    for (const re of patterns) {
      for (const m of text.matchAll(re)) {
        if (m[1]) out.push({ message: unquote(m[1]), file: rel });
        else if (m[2] && constants.has(m[2])) out.push({ message: constants.get(m[2])!, file: rel });
      }
    }
    if (rel === path.join('http', 'error-handler.ts')) {
      for (const m of text.matchAll(new RegExp(String.raw`message:\s*${LITERAL}`, 'g')))
        out.push({ message: unquote(m[1]!), file: rel });
    }
  }
  return out;
}

/**
 * Messages the contracts write in their zod schemas (`.regex(re, '…')`, `{ message: '…' }`):
 * the field problems keep them as written and translate them by their English text.
 */
export function contractMessages(): { message: string; file: string }[] {
  const out: { message: string; file: string }[] = [];
  const patterns = [
    new RegExp(String.raw`\b(?:message|error):\s*${LITERAL}`, 'g'),
    new RegExp(
      String.raw`\.(?:regex|min|max|length|gt|gte|lt|lte|positive|nonnegative|negative|nonpositive|int|nonempty|startsWith|endsWith|includes|email|url|uuid|enum|literal)\([^'"()]*,\s*${LITERAL}\s*\)`,
      'g',
    ),
  ];
  for (const file of fs.readdirSync(contractsDir).filter((f) => f.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(contractsDir, file), 'utf8');
    for (const re of patterns)
      for (const m of text.matchAll(re)) out.push({ message: unquote(m[1]!), file: `contracts/${file}` });
  }
  return out;
}

describe('server messages in French', () => {
  it('finds the messages of the source (the scan itself works)', () => {
    const messages = userMessagesInSource().map((m) => m.message);
    expect(messages).toContain('This recording was not found.');
    expect(messages).toContain('This username or email is already taken.');
    expect(messages).toContain('The request body is not valid JSON.');
    expect(messages).toContain('Unknown coach "{coach}". Choose one of: {options}.');
    expect(messages).toContain('Contains a NUL byte or an invalid character'); // a field's message
  });

  it('finds the messages the contracts write (the scan itself works)', () => {
    const messages = contractMessages().map((m) => m.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Add at least one phrase',
        'Use letters, digits, dot, dash or underscore',
        'Give location_id or location_name',
        'Use one of the ranges 6, 29, 365 or all.',
        'Not a share link',
      ]),
    );
  });

  it('has a French text for every message, with the same placeholders', () => {
    const missing = [...userMessagesInSource(), ...contractMessages()].filter(
      (m) => MESSAGES_FR[m.message] === undefined,
    );
    expect(missing).toEqual([]);
    for (const [en, fr] of Object.entries(MESSAGES_FR)) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(fr), en).toEqual(names(en));
    }
  });

  it('reads the language from Accept-Language, by quality', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOf('de-DE,en;q=0.5,fr;q=0.4')).toBe('en');
    expect(languageOf('de, fr;q=0.3')).toBe('fr');
    expect(languageOf('fr;q=0, en')).toBe('en');
  });

  it('translates and fills placeholders', () => {
    expect(translate('fr', 'There is no {method} {path} here.', { method: 'GET', path: '/api/x' })).toBe(
      'Il n’y a pas de GET /api/x ici.',
    );
    expect(translate('en', 'There is no {method} {path} here.', { method: 'GET', path: '/api/x' })).toBe(
      'There is no GET /api/x here.',
    );
  });
});
