import type { GenerationLanguage } from '@shared/schemas/language';
import type { UpstreamStateReader } from '../../platform/lib/upstream-state.js';

/** Where tweet and meme texts come from: the offline generator by default, an LLM when configured. */
export interface GenerationProvider {
  readonly name: string;
  /** Whether the LLM answered its last call (metrics); absent when no outside service is asked. */
  readonly upstreamState?: UpstreamStateReader;
  /**
   * A tweet about the prompt, in the language, that passes the tweet rules (length, product hashtag,
   * #BRC20). Each call differs (two users asking the same prompt must not post the same text);
   * `seed` makes the offline generator repeat itself, for tests.
   */
  tweet(prompt: string, language: GenerationLanguage, seed?: number): Promise<string>;
  /** A two-part meme caption, "top / bottom", in the language, for a theme and an optional prompt. */
  memeText(input: { theme: string; prompt: string | null; language: GenerationLanguage }): Promise<string>;
}

export class GenerationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GenerationError';
  }
}
