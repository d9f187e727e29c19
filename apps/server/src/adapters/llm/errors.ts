/**
 * Model-call failures sorted into a few kinds, each with a message a user can act on (it ends up in
 * `fallback_reason`). Messages never carry the prompt, the transcript or the API key.
 */
import { APICallError, JSONParseError, NoObjectGeneratedError, RetryError, TypeValidationError } from 'ai';
import type { FallbackDetail } from '@call-insights/contracts/analysis';
import type { LlmConfig } from './config.js';
import { LlmNotConfiguredError } from './model.js';

export type LlmFailureKind = FallbackDetail['kind'];

/** A failure: its kind and values as data (`FallbackDetail`, read in any language) and in English. */
export type LlmFailure = FallbackDetail & { message: string };

/**
 * Each kind said in French, for a French reader's note (the assistant's, the coach's); the English
 * `message` carries the values and the setting to check, which the logs keep too.
 */
export const LLM_FAILURE_FR: Record<LlmFailureKind, string> = {
  invalid_output: 'le modèle de langue a renvoyé une réponse invalide',
  timeout: 'le modèle de langue n’a pas répondu à temps',
  rate_limited: 'le service du modèle de langue limite les requêtes',
  unreachable: 'le serveur du modèle de langue est injoignable',
  auth: 'le service du modèle de langue a refusé les identifiants',
  not_found: 'le modèle configuré est introuvable',
  server: 'le service du modèle de langue a échoué',
  bad_request: 'le service du modèle de langue a rejeté la requête',
  not_configured: 'aucun modèle de langue n’est configuré',
  unknown: 'l’appel au modèle de langue a échoué',
};

/**
 * What to do about each kind, in French: the same settings the English `message` names, so that a
 * French reader of a fallback note knows which one to check. Empty when there is nothing to set.
 */
export const LLM_FAILURE_HINT_FR: Record<LlmFailureKind, string> = {
  invalid_output: '',
  timeout: 'Réessayez plus tard ou augmentez LLM_TIMEOUT_SECONDS.',
  rate_limited: 'Réessayez plus tard.',
  unreachable: 'Vérifiez LLM_BASE_URL.',
  auth: 'Vérifiez LLM_API_KEY.',
  not_found: 'Vérifiez LLM_MODEL et LLM_BASE_URL.',
  server: 'Réessayez plus tard.',
  bad_request: 'Vérifiez les réglages du modèle.',
  not_configured: 'Renseignez LLM_MODEL pour l’utiliser.',
  unknown: '',
};

/**
 * A failure said in French for a note: the kind ("le service … a échoué"), its HTTP status when
 * there is one, then `then` (what the reader gets instead, if said) and the hint of
 * `LLM_FAILURE_HINT_FR`.
 */
export function llmFailureNoteFr(failure: LlmFailure, then?: string): string {
  const status = failure.status === undefined ? '' : ` (HTTP ${failure.status})`;
  const hint = LLM_FAILURE_HINT_FR[failure.kind];
  return `${LLM_FAILURE_FR[failure.kind]}${status}${then ? `, ${then}` : ''}.${hint ? ` ${hint}` : ''}`;
}

/** What the user gets instead, appended to every message. */
export const RULES_ANALYSIS_NOTE = 'so the offline rules analysis is shown instead';

function host(config: LlmConfig): string {
  if (!config.baseURL) return config.provider === 'anthropic' ? 'api.anthropic.com' : 'api.openai.com';
  try {
    return new URL(config.baseURL).host;
  } catch {
    return config.baseURL;
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Sorts a failure of `generateObject`/`generateText` into a kind with a user-readable message. */
export function classifyLlmFailure(
  error: unknown,
  config: LlmConfig,
  note = RULES_ANALYSIS_NOTE,
): LlmFailure {
  let e: unknown = error;
  if (RetryError.isInstance(e)) e = e.lastError;
  if (e instanceof LlmNotConfiguredError) {
    return {
      kind: 'not_configured',
      message: `No language model is configured (LLM_MODEL is empty), ${note}.`,
    };
  }
  if (
    NoObjectGeneratedError.isInstance(e) ||
    JSONParseError.isInstance(e) ||
    TypeValidationError.isInstance(e)
  ) {
    return {
      kind: 'invalid_output',
      message: `The language model returned an invalid answer twice, ${note}.`,
    };
  }
  if (isTimeout(e)) {
    const seconds = Math.round(config.timeoutMs / 100) / 10;
    return {
      kind: 'timeout',
      seconds,
      message: `The language model did not answer within ${seconds} s, ${note}. Retry later or raise LLM_TIMEOUT_SECONDS.`,
    };
  }
  if (APICallError.isInstance(e)) {
    const status = e.statusCode;
    if (status === undefined) {
      return {
        kind: 'unreachable',
        host: host(config),
        message: `The language model server at ${host(config)} could not be reached, ${note}. Check LLM_BASE_URL.`,
      };
    }
    if (status === 429) {
      return {
        kind: 'rate_limited',
        status,
        message: `The language model service is limiting requests (HTTP 429), ${note}. Retry the analysis later.`,
      };
    }
    if (status === 401 || status === 403) {
      return {
        kind: 'auth',
        status,
        message: `The language model service refused the credentials (HTTP ${status}), ${note}. Check LLM_API_KEY.`,
      };
    }
    if (status === 404) {
      return {
        kind: 'not_found',
        status,
        host: host(config),
        model: config.model ?? '',
        message: `The model "${config.model ?? ''}" was not found at ${host(config)} (HTTP 404), ${note}. Check LLM_MODEL and LLM_BASE_URL.`,
      };
    }
    if (status >= 500) {
      return {
        kind: 'server',
        status,
        message: `The language model service failed (HTTP ${status}), ${note}. Retry the analysis later.`,
      };
    }
    return {
      kind: 'bad_request',
      status,
      message: `The language model service rejected the request (HTTP ${status}), ${note}. Check the model settings.`,
    };
  }
  return { kind: 'unknown', message: `The language model call failed unexpectedly, ${note}.` };
}
