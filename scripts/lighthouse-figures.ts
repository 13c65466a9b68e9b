/**
 * The figures `npm run lighthouse` reports per page, read from Lighthouse's results: total blocking time,
 * main-thread time by kind, JavaScript transferred, each beside Lighthouse's `benchmarkIndex` (how fast it
 * found this machine's CPU when the run began), since every one of them follows the host's speed.
 */

/** The groups of Lighthouse's `mainthread-work-breakdown` audit, in the order the report prints them. */
export const mainThreadKinds = [
  'scriptEvaluation',
  'styleLayout',
  'paintCompositeRender',
  'parseHTML',
  'scriptParseCompile',
  'garbageCollection',
  'other',
] as const;
export type MainThreadKind = (typeof mainThreadKinds)[number];

/** The parts of a Lighthouse result (`lhr`) read here. */
export interface LighthouseResultPart {
  environment: { benchmarkIndex: number };
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
}

/** One run's figures. */
export interface RunFigures {
  benchmarkIndex: number;
  blockingMs: number;
  mainThreadMs: number;
  mainThreadByKindMs: Record<MainThreadKind, number>;
  /** Bytes of JavaScript on the wire (compressed as served) in Lighthouse's network records; null without them. */
  scriptBytes: number | null;
}

/** The medians of a page's runs, and the runs themselves. */
export interface PageFigures {
  benchmarkIndex: { median: number; min: number; max: number };
  blockingMs: number;
  mainThreadMs: number;
  mainThreadByKindMs: Record<MainThreadKind, number>;
  scriptBytes: number | null;
  runs: RunFigures[];
}

export function runFigures(lhr: LighthouseResultPart): RunFigures {
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    blockingMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
    mainThreadByKindMs: mainThreadByKind(lhr.audits['mainthread-work-breakdown']?.details),
    scriptBytes: scriptTransferBytes(lhr.audits['network-requests']?.details),
  };
}

/** A kind Lighthouse saw no task of is absent from its items: 0 ms. */
function mainThreadByKind(details: unknown): Record<MainThreadKind, number> {
  const items = (details as { items?: { group?: string; duration?: number }[] } | undefined)?.items ?? [];
  const byKind = Object.fromEntries(mainThreadKinds.map((kind) => [kind, 0])) as Record<MainThreadKind, number>;
  for (const item of items) {
    if ((mainThreadKinds as readonly string[]).includes(item.group ?? '')) byKind[item.group as MainThreadKind] += item.duration ?? 0;
  }
  return byKind;
}

/** The network-requests audit lists every request of the load, which Lighthouse ends once the network is idle. */
function scriptTransferBytes(details: unknown): number | null {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items;
  if (!Array.isArray(items)) return null;
  return items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function pageFigures(runs: RunFigures[]): PageFigures {
  const indexes = runs.map((run) => run.benchmarkIndex);
  const scriptBytes = runs.map((run) => run.scriptBytes).filter((bytes) => bytes !== null);
  return {
    benchmarkIndex: { median: median(indexes), min: Math.min(...indexes), max: Math.max(...indexes) },
    blockingMs: median(runs.map((run) => run.blockingMs)),
    mainThreadMs: median(runs.map((run) => run.mainThreadMs)),
    mainThreadByKindMs: Object.fromEntries(
      mainThreadKinds.map((kind) => [kind, median(runs.map((run) => run.mainThreadByKindMs[kind]))]),
    ) as Record<MainThreadKind, number>,
    scriptBytes: scriptBytes.length > 0 ? median(scriptBytes) : null,
    runs,
  };
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** `benchmarkIndex 1843` for one run, `benchmarkIndex 1843 (1790–1901)` for a median of runs that differ. */
export function benchmarkIndexText({ median: middle, min, max }: PageFigures['benchmarkIndex']): string {
  return `benchmarkIndex ${Math.round(middle)}${min === max ? '' : ` (${Math.round(min)}–${Math.round(max)})`}`;
}

/** The lines printed under a page's scores: its medians, each line with the runs' benchmarkIndex. */
export function figureLines(figures: PageFigures, indent: string): string[] {
  const index = benchmarkIndexText(figures.benchmarkIndex);
  const javascript =
    figures.scriptBytes === null ? '' : `, JavaScript until network idle ${(figures.scriptBytes / 1000).toFixed(1)} kB transferred (as served, headers included)`;
  const kinds = mainThreadKinds.map((kind) => `${kind} ${ms(figures.mainThreadByKindMs[kind])}`).join(', ');
  return [
    `${indent}medians, ${index}: TBT ${ms(figures.blockingMs)}, main-thread work ${ms(figures.mainThreadMs)}${javascript}`,
    `${indent}main-thread work by kind, ${index}: ${kinds}`,
  ];
}
