/**
 * Run as a child process (tests/api/start-up-memory.test.ts): builds the whole app on the SQLite file of
 * DATA_DIR as `npm start` does, then prints which of the packages named on the command line are loaded,
 * after start-up and again after a signature check and a PostgreSQL pool (neither ever connects).
 */
import { createRequire } from 'node:module';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/platform/config.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { verifyWalletSignature } from '../../server/features/auth/wallet-signature.js';

const packages = process.argv.slice(2);
const require = createRequire(import.meta.url);
const loaded = () => packages.filter((name) => Object.keys(require.cache).some((file) => file.includes(`/node_modules/${name}/`)));

const config = loadConfig();
const app = await buildApp(config);
await app.ready();
const afterStart = loaded();

// BIP-322's own "Hello World" vector: a well-formed signature, so the check reaches the library.
await verifyWalletSignature(
  'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
  'Hello World',
  'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
);
const postgres = connectDatabase({ ...config, databaseUrl: 'postgres://nobody@127.0.0.1:9/none' });
const afterUse = loaded();

await postgres.db.destroy();
await app.close();
console.log(JSON.stringify({ afterStart, afterUse }));
