import type { StartupPublicConfig, XState } from '@shared/schemas/config';
import type { AppConfig } from '../../platform/config.js';
import { simulatedXPrefix } from '../../platform/x-mode.js';

export const xComposeIntentUrl = 'https://x.com/intent/tweet';

/** The part of the configuration a browser may see; nothing secret goes in here. */
export function buildPublicConfig(config: AppConfig): StartupPublicConfig {
  return {
    miningOpen: config.miningOpen,
    walletProof: config.walletProof,
    x: {
      ...publicXState(config.x),
      composeUrl: config.x.mode === 'simulated' ? `${config.publicUrl}${simulatedXPrefix}/intent/tweet` : xComposeIntentUrl,
    },
    links: config.links,
    explorerTxUrl: config.payouts.explorerTxUrl,
    generation: { mode: config.llm.baseUrl ? 'ai' : 'offline' },
  };
}

/** The mode and its reason code only: the start-up log's words name hosts and URLs. */
function publicXState({ mode, reason }: XState): XState {
  // Both come from one XState, so they still belong together.
  return { mode, reason } as XState;
}
