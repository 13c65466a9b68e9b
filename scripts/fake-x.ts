/**
 * `npm run dev:fake-x`: a local stand-in for X (the same fake the tests use), so the whole
 * connect-and-claim flow can be tried without an X developer account. It prints the environment
 * to start the app with.
 */
import { startFakeX } from './fake-x/fake-x.js';

const fake = await startFakeX();
const env = { ...fake.env, MINING_OPEN: 'true' };
console.log('Fake X is listening. Start the app in another terminal with:\n');
console.log(`  ${Object.entries(env).map(([key, value]) => `${key}=${value}`).join(' ')} npm start\n`);
console.log('Every "Connect X" logs in as @acorn_fan. Posts exist once added; any status URL of the');
console.log('fake answers "not found" until then, so claims show the real error path.');

process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
