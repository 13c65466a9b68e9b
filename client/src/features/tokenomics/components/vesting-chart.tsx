import { whaleReleaseTargets } from '@shared/whale-bonus';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useFormat } from '../hooks/use-format';

const WIDTH = 320;
const LEFT = 24;
const RIGHT = 296;
const TOP = 22;
const BASE = 104;

/** Each release with the share released so far. */
const releaseSteps = whaleReleaseTargets.map((target, index) => ({
  ...target,
  cumulative: whaleReleaseTargets.slice(0, index + 1).reduce((sum, release) => sum + release.percent, 0),
}));

/**
 * The share of the whale bonus released over time, as a staircase from TGE to the last release.
 * Hidden from screen readers: the release table below carries the same figures.
 */
export function VestingChart() {
  const { t } = useLanguage();
  const format = useFormat();
  const lastOffset = whaleReleaseTargets.at(-1)?.blocksAfterTge ?? 1;
  const x = (blocks: number) => LEFT + ((RIGHT - LEFT) * blocks) / lastOffset;
  const y = (percent: number) => BASE - ((BASE - TOP) * percent) / 100;

  const steps = releaseSteps;
  let path = `M ${LEFT} ${BASE}`;
  let previous = 0;
  for (const step of steps) {
    path += ` H ${x(step.blocksAfterTge)} V ${y(step.cumulative)}`;
    previous = step.cumulative;
  }
  const area = `${path} V ${BASE} Z`;

  return (
    <svg className="tk-vesting-chart" viewBox={`0 0 ${WIDTH} 132`} aria-hidden="true" focusable="false">
      <line x1={LEFT} y1={BASE} x2={RIGHT} y2={BASE} className="tk-chart-axis" />
      <path d={area} className="tk-chart-area" />
      <path d={path} className="tk-chart-line" />
      <circle cx={LEFT} cy={BASE} r="4" className="tk-chart-start" />
      <text x={LEFT} y={BASE + 20} textAnchor="start" className="tk-chart-label">
        {t.tokenomics.vesting.chartStart}
      </text>
      {steps.map((step) => (
        <g key={step.release}>
          <circle cx={x(step.blocksAfterTge)} cy={y(step.cumulative)} r="4.5" className="tk-chart-point" />
          <text
            x={x(step.blocksAfterTge) - 8}
            y={y(step.cumulative) + 4}
            textAnchor="end"
            className="tk-chart-value"
          >
            +{format.percent(step.percent)}
          </text>
          <text x={x(step.blocksAfterTge)} y={BASE + 20} textAnchor="middle" className="tk-chart-label">
            +{format.number(step.blocksAfterTge)}
          </text>
        </g>
      ))}
      <text x={RIGHT} y={TOP - 10} textAnchor="end" className="tk-chart-value">
        {format.percent(previous)}
      </text>
    </svg>
  );
}
