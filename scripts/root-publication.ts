/**
 * `--after-reveal --reason "…"` of the commands that can change the allocation list's root (import:allocations,
 * its --remove-source, demo:remove, restore), and the lines they print about the published root.
 */
import type { AfterReveal, RootChangePreview, RootPublication } from '../server/features/allocation/index.js';
import { describeSchedule } from '../server/platform/reveal-schedule.js';
import { UsageError } from './cli.js';

export const afterRevealOptions = {
  'after-reveal': { type: 'boolean' },
  reason: { type: 'string' },
} as const;

export const afterRevealHelp = `  --after-reveal --reason "why"
                   change the root of a list that was already published (at the reveal, or at an
                   import while the list was public): refused without them, whatever the reveal
                   schedule says now. The old root stays listed at GET /api/allocation/roots, marked
                   replaced by the new one with the reason, so holders' receipts of it still verify`;

/** The two flags as one option; a usage error when only one is given or the reason is empty. */
export function readAfterReveal(values: { 'after-reveal'?: boolean | undefined; reason?: string | undefined }): AfterReveal | undefined {
  if (!values['after-reveal'] && values.reason === undefined) return undefined;
  if (!values['after-reveal']) throw new UsageError('--reason goes with --after-reveal (a correction of a published root)');
  const reason = values.reason?.trim();
  if (!reason) throw new UsageError('--after-reveal needs --reason "why the published list changes" (holders read it beside the old root)');
  return { reason };
}

const roots = 'GET /api/allocation/roots';
const when = (ms: number) => new Date(ms).toISOString();

/** What a written change did to the published root. */
export function publicationLines(publication: RootPublication | undefined): string[] {
  switch (publication?.kind) {
    case 'published':
      return [
        publication.noSchedule
          ? `no reveal schedule: this root is public now (${roots} lists it)`
          : `the allocation list is public: this root is published now (${roots} lists it)`,
      ];
    case 'corrected':
      return [
        `correction after the reveal: ${publication.replaced ? `the published root ${publication.replaced.root} (published ${when(publication.replaced.publishedAt)})` : 'the emptied list'} is replaced by ${publication.root ?? 'none (no records)'}`,
        `  reason: ${publication.reason}`,
        `  ${roots} lists both; receipts of the old root verify with the replacement named`,
      ];
    case 'hidden':
      return [`the allocation list is hidden${publication.schedule ? ` until ${describeSchedule(publication.schedule).replace(/^at /, '')}` : ''}: this root is published at the reveal`];
    case 'unchanged':
      return ['the published root is unchanged'];
    default:
      return [];
  }
}

/** A dry run: what the change would mean for the published root. */
export function rootChangeLines(preview: RootChangePreview | undefined, what = 'the import'): string[] {
  if (!preview) return [];
  if (preview.needed) {
    const published = preview.published ? `the published root ${preview.published.root} (published ${when(preview.published.publishedAt)})` : 'the root of a list published before';
    return [`after the reveal: ${what} changes ${published}; it needs --after-reveal --reason "…"`];
  }
  if (preview.publishesAtOnce) {
    return [preview.noSchedule ? `no reveal schedule: ${what} publishes the new root at once` : `the allocation list is public: ${what} publishes the new root at once`];
  }
  if (preview.hiddenUntil) return [`the allocation list is hidden until ${describeSchedule(preview.hiddenUntil).replace(/^at /, '')}: the new root is published at the reveal`];
  if (preview.published) return ['the published root stays as it is'];
  return [];
}
