/** Where tweet and meme texts come from: the offline generator by default, an LLM when configured. */
export interface GenerationProvider {
  readonly name: string;
  /** A tweet about the prompt that passes the tweet rules (length, product hashtag, #BRC20). */
  tweet(prompt: string): Promise<string>;
  /** A two-part meme caption, "top / bottom", for a theme and an optional prompt. */
  memeText(input: { theme: string; prompt: string | null }): Promise<string>;
}

export class GenerationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GenerationError';
  }
}
