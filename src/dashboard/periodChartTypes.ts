// What the period chart and its drawing share: its figures and its size.

/** The drawing's own units: it scales to the width it is given, keeping this ratio. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 220;

export interface ChartSeries {
  /** The translated name of the series, shown in the legend and the table's header. */
  label: string;
  className: string;
}

export interface ChartRow {
  month: string;
  /** One exact amount per series, in the series' order. */
  values: readonly string[];
}

export interface PeriodChartProps {
  /** What the chart shows, read by screen readers with each bar's value. */
  title: string;
  currency: string;
  series: readonly ChartSeries[];
  rows: readonly ChartRow[];
}
