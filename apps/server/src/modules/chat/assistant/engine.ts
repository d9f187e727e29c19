/**
 * The assistant behind one interface: the offline engine (intent matching over the tools) or the
 * language-model engine (AI SDK tool calling over the same tools, the offline engine as fallback),
 * chosen by the same setting as the analyzer (`ANALYZER=rules|llm`).
 */
import type { LlmConfig, LlmLogger } from '../../../adapters/llm/config.js';
import type { CallInsightsService } from '../../recordings/call-insights.service.js';
import { createLlmEngine } from './llm-engine.js';
import { createOfflineEngine } from './offline-engine.js';
import type { AssistantCaller } from './tools.js';

export type ChatTurn = { role: 'user' | 'assistant'; content: string };

export type EngineInput = {
  caller: AssistantCaller;
  question: string;
  /** Earlier turns of the conversation, oldest first (the language model's memory). */
  history: ChatTurn[];
  now: Date;
  timezone: string;
};

export type EngineAnswer = {
  text: string;
  engine: 'offline' | 'llm';
  /** Set when the language model could not be used and the offline engine answered. */
  fallbackReason?: string;
  intent?: string;
};

export type AssistantEngine = {
  name: 'offline' | 'llm';
  answer(input: EngineInput): Promise<EngineAnswer>;
};

export function createAssistantEngine(
  settings: { analyzer: 'rules' | 'llm'; llm: LlmConfig },
  insights: CallInsightsService,
  deps: { logger?: LlmLogger } = {},
): AssistantEngine {
  const offline = createOfflineEngine(insights);
  if (settings.analyzer !== 'llm') return offline;
  return createLlmEngine(settings.llm, insights, { offline, logger: deps.logger });
}
