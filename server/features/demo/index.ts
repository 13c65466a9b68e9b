export { type DemoData } from './demo-data.js';
export { createDemoPresence, type DemoPresence } from './demo-presence.js';
export { demoRefusal, describeDemoCounts } from './demo-refusal.js';
export { countDemoRows, type DemoCounts, hasAnyDemoRow } from './demo-counts.js';
export { type DemoLoad, loadDemoData } from './load-demo-data.js';
export { madeUpWallet } from './made-up-wallets.js';
export { removeDemoData } from './remove-demo-data.js';
