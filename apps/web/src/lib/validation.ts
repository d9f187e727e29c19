/**
 * Owns how validation messages reach the user. Zod issues carry i18n keys (with an optional
 * number, `validation.minLength:8`) so the text is translated when shown, in the current language.
 */
import { z } from 'zod';

const KEY_PATTERN = /^(validation\.[A-Za-z]+)(?::(\d+))?$/;

/** Messages that the shared contracts hard-code in English, mapped to their translation keys. */
const CONTRACT_MESSAGES: Record<string, string> = {
  'Use letters, digits, dot, dash or underscore': 'validation.usernameChars',
  "Password and Confirm password isn't matched": 'validation.passwordMismatch',
};

export type MessageKey = { key: string; count?: number };

/** Returns the translation key behind a validation or server message, if it has one. */
export function messageKey(message: string | undefined): MessageKey | undefined {
  if (!message) return undefined;
  const known = CONTRACT_MESSAGES[message];
  if (known) return { key: known };
  const match = KEY_PATTERN.exec(message);
  if (!match?.[1]) return undefined;
  return match[2] === undefined ? { key: match[1] } : { key: match[1], count: Number(match[2]) };
}

export function configureValidationMessages(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'too_small':
          if (issue.origin !== 'string') return undefined;
          return Number(issue.minimum) <= 1 ? 'validation.required' : `validation.minLength:${issue.minimum}`;
        case 'too_big':
          return issue.origin === 'string' ? `validation.maxLength:${issue.maximum}` : undefined;
        case 'invalid_format':
          return issue.format === 'email' ? 'validation.email' : 'validation.invalid';
        case 'invalid_type':
          return issue.input === undefined || issue.input === ''
            ? 'validation.required'
            : 'validation.invalid';
        default:
          return undefined;
      }
    },
  });
}
