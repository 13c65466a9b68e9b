import { createHash } from 'node:crypto';

/** What the database keeps of a session id: its SHA-256, so a copy of the database opens no session. */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}
