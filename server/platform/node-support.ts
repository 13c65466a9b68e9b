import { createRequire } from 'node:module';

/**
 * Node's release lines and the day each stops getting fixes, as the Node.js release working group
 * publishes them; read with require, as the server's bundle leaves packages outside and drops an
 * import's JSON attribute.
 */
const schedule = createRequire(import.meta.url)('node-releases/data/release-schedule/release-schedule.json') as Record<string, { end: string }>;

/**
 * A warning for the start-up log when this Node has reached its end of life (no more security
 * fixes); null while it is supported, or when the line is unknown to the schedule.
 */
export function nodeEndOfLifeWarning(version: string = process.versions.node, now: Date = new Date()): string | null {
  const major = version.split('.')[0];
  const end = schedule[`v${major}`]?.end;
  if (end === undefined || now < new Date(`${end}T00:00:00Z`)) return null;
  return `Node ${version} reached its end of life on ${end} and gets no security fixes: run the server on a supported Node (26 is the Active LTS)`;
}
