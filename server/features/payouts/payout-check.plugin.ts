import fp from 'fastify-plugin';
import type { AppConfig } from '../../platform/config.js';
import { createChainService } from '../chain/index.js';
import { createPayoutCheck, type PayoutCheck } from './payout-check.service.js';

/** How often a run looks for due transactions: a newly recorded payout is asked about within this, budget allowing. */
const runEveryMs = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The payout check of this process (it runs when no other process of the deployment does). */
    payoutCheck: PayoutCheck;
  }
}

/** Checks the recorded payouts' transactions against the explorers on a timer, one process at a time. */
export default fp<{ config: AppConfig; now?: () => number }>(
  async (app, { config, now = Date.now }) => {
    const chain = createChainService(config, now);
    const check = createPayoutCheck({
      db: app.db,
      dialect: app.dbDialect,
      dataDir: config.dataDir,
      config: config.payouts,
      timeoutMs: config.upstreamTimeoutMs,
      tipHeight: () => chain.tipHeight().then((tip) => tip.height, () => null),
      now,
    });
    app.decorate('payoutCheck', check);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const run = async () => {
      const result = await check.run();
      if (result !== 'busy' && result.checked > 0) app.log.info({ payoutCheck: result }, 'payout transactions checked');
    };

    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        running ??= run()
          .catch((error: unknown) => {
            if (!app.databaseHealth.outageCovers(error)) app.log.error({ err: error }, 'payout check failed; it runs again shortly');
          })
          .finally(() => {
            running = undefined;
          });
      }, runEveryMs).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'payout-check', dependencies: ['database'] },
);
