import type { StartupPublicConfig } from '../../../shared/schemas/config.js';
import type { AppConfig } from '../../config.js';
import { simulatedXPrefix } from '../../x-mode.js';

export const xComposeIntentUrl = 'https://x.com/intent/tweet';

/** The part of the configuration a browser may see; nothing secret goes in here. */
export function buildPublicConfig(config: AppConfig): StartupPublicConfig {
  return {
    miningOpen: config.miningOpen,
    walletProof: config.walletProof,
    x: {
      mode: config.x.mode,
      composeUrl: config.x.mode === 'simulated' ? `${config.publicUrl}${simulatedXPrefix}/intent/tweet` : xComposeIntentUrl,
    },
    links: config.links,
    generation: { mode: config.llm.baseUrl ? 'ai' : 'offline' },
  };
}
