import { describe, expect, it } from 'vitest';
import { figureLines, type LighthouseResultPart, pageFigures, runFigures } from '../../scripts/lighthouse-figures.js';

/** The parts of a Lighthouse 12 result the report reads, shaped as Lighthouse writes them. */
function lighthouseResult(benchmarkIndex: number, blockingMs: number, scriptEvaluationMs: number): LighthouseResultPart {
  return {
    environment: { benchmarkIndex },
    audits: {
      'total-blocking-time': { numericValue: blockingMs },
      'mainthread-work-breakdown': {
        numericValue: scriptEvaluationMs + 300 + 40,
        details: {
          type: 'table',
          items: [
            { group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: scriptEvaluationMs },
            { group: 'styleLayout', groupLabel: 'Style & Layout', duration: 300 },
            { group: 'other', groupLabel: 'Other', duration: 40 },
          ],
        },
      },
      'network-requests': {
        details: {
          items: [
            { resourceType: 'Script', transferSize: 90_000 },
            { resourceType: 'Document', transferSize: 20_000 },
            { resourceType: 'Script', transferSize: 5_000 },
          ],
        },
      },
    },
  };
}

describe('the figures npm run lighthouse reports', () => {
  it('reads TBT, main-thread time by kind (0 for a kind with no task), script bytes and benchmarkIndex from a run', () => {
    expect(runFigures(lighthouseResult(1843.5, 120, 600))).toEqual({
      benchmarkIndex: 1843.5,
      blockingMs: 120,
      mainThreadMs: 940,
      mainThreadByKindMs: {
        scriptEvaluation: 600,
        styleLayout: 300,
        paintCompositeRender: 0,
        parseHTML: 0,
        scriptParseCompile: 0,
        garbageCollection: 0,
        other: 40,
      },
      scriptBytes: 95_000,
    });
  });

  it('takes the median of each figure over the runs and keeps the range of benchmarkIndex', () => {
    const figures = pageFigures([lighthouseResult(1900, 180, 700), lighthouseResult(1790, 100, 500), lighthouseResult(1843, 120, 600)].map(runFigures));
    expect(figures).toMatchObject({
      benchmarkIndex: { median: 1843, min: 1790, max: 1900 },
      blockingMs: 120,
      mainThreadMs: 940,
      mainThreadByKindMs: { scriptEvaluation: 600, styleLayout: 300, other: 40 },
      scriptBytes: 95_000,
    });
    expect(figures.runs.map((run) => run.benchmarkIndex)).toEqual([1900, 1790, 1843]);
  });

  it('prints every figure line with benchmarkIndex beside it, and every main-thread kind', () => {
    const lines = figureLines(pageFigures([lighthouseResult(1900, 180, 700), lighthouseResult(1790, 100, 500), lighthouseResult(1843, 120, 600)].map(runFigures)), '  ');
    expect(lines).toEqual([
      '  medians, benchmarkIndex 1843 (1790–1900): TBT 120 ms, main-thread work 940 ms, JavaScript until network idle 95.0 kB transferred (as served, headers included)',
      '  main-thread work by kind, benchmarkIndex 1843 (1790–1900): scriptEvaluation 600 ms, styleLayout 300 ms, paintCompositeRender 0 ms, parseHTML 0 ms, scriptParseCompile 0 ms, garbageCollection 0 ms, other 40 ms',
    ]);
  });

  it('prints one benchmarkIndex without a range for a single run', () => {
    const [medians] = figureLines(pageFigures([runFigures(lighthouseResult(1843.4, 120, 600))]), '');
    expect(medians).toMatch(/^medians, benchmarkIndex 1843: TBT 120 ms/);
  });
});
