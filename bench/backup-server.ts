/**
 * The server side of bench/backup-readers.bench.ts: the app on DATA_DIR, listening on PORT, taking a
 * backup (as a scheduled one would, in this process) when its parent asks over IPC.
 */
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/platform/config.js';
import { createBackup } from '../server/features/backups/index.js';

const config = loadConfig();
const app = await buildApp(config, { logStream: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send!({ kind: 'ready' });
process.on('message', async (message: { kind: string; to: string }) => {
  if (message.kind !== 'backup') return;
  const started = performance.now();
  const { manifest } = await createBackup(config, { to: message.to });
  process.send!({ kind: 'backed-up', ms: performance.now() - started, leaves: manifest.allocation.leafCount });
});
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
