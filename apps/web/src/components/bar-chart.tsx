import { BarChart as ChartistBar } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';

export type BarChartProps = {
  labels: string[];
  /** one array per series, same length as labels */
  series: number[][];
  /** accessible summary: the chart itself is an image to screen readers */
  summary: string;
  horizontal?: boolean;
  height?: number;
  /** Counts of people: whole-number ticks only. */
  onlyInteger?: boolean;
};

/**
 * A small bar chart (Chartist, ~15 KB gzipped). Only the statistics, team and exam-results pages import this
 * file, so the library loads with them and nowhere else.
 */
export function BarChart({
  labels,
  series,
  summary,
  horizontal = false,
  height = 200,
  onlyInteger = false,
}: BarChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return undefined;
    const chart = new ChartistBar(
      host.current,
      { labels, series },
      {
        height: `${height}px`,
        horizontalBars: horizontal,
        axisY: { offset: horizontal ? 70 : 40, onlyInteger },
        seriesBarDistance: 12,
        reverseData: horizontal,
      },
    );
    return () => {
      chart.detach();
    };
  }, [labels, series, horizontal, height, onlyInteger]);
  return <div ref={host} className="bar-chart" role="img" aria-label={summary} />;
}
