import type { PublicConfig } from '../../../shared/schemas/config.js';
import type { AppConfig } from '../../config.js';
import { simulatedXPrefix } from '../../x-mode.js';

export const xComposeIntentUrl = 'https://x.com/intent/tweet';

/** The part of the configuration a browser may see; nothing secret goes in here. */
export function buildPublicConfig(config: AppConfig): PublicConfig {
  return {
    miningOpen: config.miningOpen,
    x: {
      mode: config.x.mode,
      composeUrl: config.x.mode === 'simulated' ? `${config.publicUrl}${simulatedXPrefix}/intent/tweet` : xComposeIntentUrl,
    },
    links: config.links,
    generation: { mode: config.llm.baseUrl ? 'ai' : 'offline' },
  };
}
