import { distribution, totalSupply } from '@shared/tokenomics';
import { distributionColours } from './distribution-colours';
import { useFormat } from '../hooks/use-format';

// A circle of this radius has a circumference of 100, so dash lengths are percents.
const RADIUS = 15.915494;

/** Donut of the distribution. Hidden from screen readers: the table beside it carries the same figures. */
// Each share starts where the ones before it end.
const segments = distribution.map((item, index) => ({
  key: item.key,
  percent: item.percent,
  start: distribution.slice(0, index).reduce((sum, before) => sum + before.percent, 0),
}));

export function DistributionChart() {
  const format = useFormat();

  return (
    <svg className="tk-donut" viewBox="0 0 42 42" aria-hidden="true" focusable="false">
      <circle cx="21" cy="21" r={RADIUS} fill="none" stroke="var(--surface-raised)" strokeWidth="6" />
      {segments.map((segment) => (
        <circle
          key={segment.key}
          cx="21"
          cy="21"
          r={RADIUS}
          fill="none"
          stroke={distributionColours[segment.key]}
          strokeWidth="6"
          strokeDasharray={`${segment.percent} ${100 - segment.percent}`}
          // Start at twelve o'clock and go clockwise.
          strokeDashoffset={25 - segment.start}
        />
      ))}
      <text x="21" y="21.5" className="tk-donut__value" textAnchor="middle">
        {format.compact(totalSupply)}
      </text>
    </svg>
  );
}
