/**
 * `npm run size [client build folder]`: the JavaScript `/` loads, gzipped, against its two goals: the
 * first paint (index.html's scripts, ≤ 90 kB) and everything up to idle (≤ 100 kB), the latter from a
 * real page load in Chromium against the app serving that build on a fresh temporary DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/platform/config.js';
import { connectDatabase } from '../server/platform/db/connect.js';
import { migrateToLatest } from '../server/platform/db/migrate.js';
import { firstPaintJsBudgetBytes, measureFirstPaint, totalGzip } from './first-paint.js';
import { freePort } from './free-port.js';
import { chromiumPath, headlessChromiumFlags } from './headless-chromium.js';
import { beforeIdleJsBudgetBytes, scriptsBeforeIdle, type LoadedScript } from './scripts-before-idle.js';

const clientDir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The app on 127.0.0.1 with an empty database, serving `clientDir`; loads `/` once and lists its scripts. */
async function loadHomeUntilIdle(): Promise<LoadedScript[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-size-'));
  const config = loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'silent', BACKUP_INTERVAL_HOURS: '0', DEMO_DATA: 'false' });
  const database = connectDatabase(config);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: headlessChromiumFlags });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp(config, { database, logStream: false });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    try {
      const page = await browser.newPage();
      return await scriptsBeforeIdle(page, `http://127.0.0.1:${port}/`, clientDir);
    } finally {
      await app.close();
    }
  } finally {
    await browser.close();
    await database.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const shell = measureFirstPaint(clientDir);
console.log(`First paint of / from ${clientDir}`);
console.log(`${'file'.padEnd(44)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`);
for (const file of shell) {
  console.log(`${file.file.padEnd(44)} ${kb(file.bytes).padStart(9)} ${kb(file.gzipBytes).padStart(9)} ${kb(file.brotliBytes).padStart(9)}`);
}
const firstPaint = totalGzip(shell, 'js');
const firstPaintMet = firstPaint <= firstPaintJsBudgetBytes;

const scripts = await loadHomeUntilIdle();
console.log(`\nJavaScript / loads until it is idle (a real page load in Chromium), gzip`);
for (const script of scripts) console.log(`${script.file.padEnd(44)} ${kb(script.gzipBytes).padStart(9)}`);
const beforeIdle = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
const beforeIdleMet = beforeIdle <= beforeIdleJsBudgetBytes;

console.log('');
console.log(`first paint (index.html's scripts), gzip: ${kb(firstPaint)} (${firstPaint} B), goal ≤ ${kb(firstPaintJsBudgetBytes)}: ${firstPaintMet ? 'met' : 'NOT met'}`);
console.log(`  index.html (with the entry's CSS inlined) and stylesheets, gzip: ${kb(totalGzip(shell, 'html') + totalGzip(shell, 'css'))}`);
console.log(`all JavaScript before idle, gzip: ${kb(beforeIdle)} (${beforeIdle} B), goal ≤ ${kb(beforeIdleJsBudgetBytes)}: ${beforeIdleMet ? 'met' : 'NOT met'}`);
process.exitCode = firstPaintMet && beforeIdleMet ? 0 : 1;
