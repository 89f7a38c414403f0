import type { ScaleLinear } from 'd3';

/**
 * A chart's value axis: a line across the drawing at each of about four round values, and the
 * value written left of the axis.
 */
export function ValueGrid({
  y,
  left,
  right,
  className,
  text,
}: {
  y: ScaleLinear<number, number>;
  /** Where the axis is, and where the lines end. */
  left: number;
  right: number;
  className: string;
  text: (value: number) => string;
}) {
  return y.ticks(4).map((tick) => (
    <g key={tick}>
      <line className={className} x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
      <text x={left - 8} y={y(tick)} dy="0.35em" textAnchor="end">
        {text(tick)}
      </text>
    </g>
  ));
}
