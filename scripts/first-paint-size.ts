/** `npm run size [client build folder]`: the bytes the first paint of `/` loads, against issue 12's goal 5. */
import path from 'node:path';
import { firstPaintJsBudgetBytes, measureFirstPaint, totalGzip, type FirstPaintFile } from './first-paint.js';

const clientDir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
const files = measureFirstPaint(clientDir);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const row = (file: Pick<FirstPaintFile, 'file' | 'bytes' | 'gzipBytes' | 'brotliBytes'>, part: string) =>
  `${file.file.padEnd(44)} ${part.padEnd(6)} ${kb(file.bytes).padStart(9)} ${kb(file.gzipBytes).padStart(9)} ${kb(file.brotliBytes).padStart(9)}`;

console.log(`First paint of / from ${clientDir}`);
console.log(`${'file'.padEnd(44)} ${'part'.padEnd(6)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`);
for (const file of files) console.log(row(file, file.part));

const js = totalGzip(files, 'js', 'shell');
const met = js <= firstPaintJsBudgetBytes;
const routeJs = totalGzip(files, 'js', 'route');
console.log('');
console.log(`first paint (index.html's scripts), gzip: ${kb(js)} (${js} B), goal ≤ ${kb(firstPaintJsBudgetBytes)}: ${met ? 'met' : 'NOT met'}`);
console.log(`  index.html (with the entry's CSS inlined) and stylesheets, gzip: ${kb(totalGzip(files, 'html', 'shell') + totalGzip(files, 'css', 'shell'))}`);
console.log(`app body and home page chunks after it, gzip: ${kb(routeJs)} JavaScript, ${kb(totalGzip(files, 'css', 'route'))} CSS`);
console.log(`shell and home page together, gzip: ${kb(js + routeJs)} JavaScript`);
process.exitCode = met ? 0 : 1;
