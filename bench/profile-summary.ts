/**
 * Summarises a V8 CPU profile (`npm run bench -- --cpu-prof DIR` writes one per server run): self
 * time per function and per package, heaviest first.
 *
 *   npx tsx bench/profile-summary.ts DIR/CPU.*.cpuprofile [top=25]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
// Idle time is left out: shares are of the time the server was busy.
for (const id of [...selfTime.keys()]) if (byId.get(id)!.callFrame.functionName === "(idle)") selfTime.delete(id);
const total = [...selfTime.values()].reduce((sum, time) => sum + time, 0);

function packageOf(url: string): string {
  if (!url) return '(native / vm)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith('node:')) return 'node core';
  return url.includes('/dist/') ? 'app (compiled)' : url.replace(/^file:\/\//, '');
}

const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, time] of selfTime) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
  packages.set(packageOf(url), (packages.get(packageOf(url)) ?? 0) + time);
}

const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
};
console.log(`${(total / 1e6).toFixed(1)} s busy`);
print('self time by package', packages);
print('self time by function', functions);
