import type { AppConfig } from '../../platform/config.js';
import { createOfflineProvider } from './offline-provider.js';
import { createOpenAiProvider } from './openai-provider.js';
import type { GenerationProvider } from './provider.js';

export function createGenerationProvider(config: AppConfig): GenerationProvider {
  if (!config.llm.baseUrl) return createOfflineProvider();
  return createOpenAiProvider({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    // Generation is slower than a lookup: allow three times the usual upstream budget.
    timeoutMs: config.upstreamTimeoutMs * 3,
  });
}
