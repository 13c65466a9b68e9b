import { describe, expect, it } from 'vitest';
import { inReaderLanguage } from '@client/lib/simulated-x-link';

describe('links to the simulated X', () => {
  it("carry the reader's language, keeping the link's own query", () => {
    const compose = 'http://127.0.0.1:3000/simulated-x/intent/tweet?text=Hello%20%23ACORN';
    expect(inReaderLanguage(compose, 'simulated', 'zh')).toBe(`${compose}&lang=zh`);
    expect(inReaderLanguage(compose, 'simulated', 'en')).toBe(`${compose}&lang=en`);
    expect(inReaderLanguage('http://127.0.0.1:3000/simulated-x/intent/tweet', 'simulated', 'zh')).toBe(
      'http://127.0.0.1:3000/simulated-x/intent/tweet?lang=zh',
    );
  });

  it('leave the real X as it is', () => {
    const intent = 'https://x.com/intent/tweet?text=hi';
    expect(inReaderLanguage(intent, 'real', 'zh')).toBe(intent);
    expect(inReaderLanguage(intent, undefined, 'zh')).toBe(intent);
  });
});
