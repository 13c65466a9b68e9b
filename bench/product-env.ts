/**
 * The product server's environment in every bench: its folder, address and client, the bench's own
 * block explorer (the payout check asks it too and reads no transaction from it: nothing leaves the
 * machine), production mode and metrics on, as production runs.
 */
export function productEnv(settings: { dataDir: string; port: number; clientDir: string; explorerPort: number }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: settings.dataDir,
    PORT: String(settings.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${settings.port}`,
    CLIENT_DIR: settings.clientDir,
    BLOCK_HEIGHT_URLS: `http://127.0.0.1:${settings.explorerPort}/`,
    EXPLORER_API_URLS: `http://127.0.0.1:${settings.explorerPort}/esplora`,
    NODE_ENV: 'production',
    METRICS_TOKEN: 'bench-metrics-token-not-secret',
  };
}
