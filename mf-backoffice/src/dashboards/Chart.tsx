import * as React from 'react';
import { BarChart, LineChart, Svg } from 'chartist';
import './chart.css';

export interface ChartSeries {
  name: string;
  values: number[];
}
export interface ChartProps {
  kind: 'line' | 'bar';
  labels: string[];
  series: ChartSeries[];
  /** The chart's accessible name (it names the table that has the same figures). */
  label: string;
}

/**
 * The site's Content-Security-Policy refuses style attributes (style-src-attr); chartist writes two
 * (the SVG's size, a label's overflow). They are set through the CSSOM instead, which the policy
 * allows (scripts/serve/headers.mjs).
 */
type Attr = (this: Svg, attributes: string | Record<string, unknown>, ns?: string) => unknown;
const setAttributes = Svg.prototype.attr as Attr;
const attr: Attr = function (attributes, ns) {
  if (typeof attributes === 'object' && typeof attributes.style === 'string') {
    const { style, ...rest } = attributes;
    (this.getNode() as unknown as ElementCSSInlineStyle).style.cssText = style;
    return setAttributes.call(this, rest, ns);
  }
  return setAttributes.call(this, attributes, ns);
};
Svg.prototype.attr = attr as typeof Svg.prototype.attr;

/** At most about 12 labels under the x axis; every value is still drawn. */
function sparse(labels: string[]): (value: unknown, index: number) => string | null {
  const every = Math.max(1, Math.ceil(labels.length / 12));
  return (value, index) => (index % every === 0 ? String(value) : null);
}

/**
 * A chart drawn by chartist (SVG, in this chunk only: the dashboards load it after their tables).
 * An image to assistive technology, named by `label`; its figures are the table beside it.
 */
export default function Chart({ kind, labels, series, label }: ChartProps) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const data = { labels, series: series.map((s) => ({ name: s.name, data: s.values })) };
    const axisX = { showGrid: kind === 'line', labelInterpolationFnc: sparse(labels) };
    const axisY = { onlyInteger: true };
    const chart =
      kind === 'bar'
        ? new BarChart(el, data, { height: 220, axisX, axisY, seriesBarDistance: 12 })
        : new LineChart(el, data, { height: 220, fullWidth: true, chartPadding: { right: 24 }, axisX, axisY, showPoint: labels.length <= 40 });
    return () => {
      chart.detach();
    };
  }, [kind, labels, series]);
  return <div ref={ref} role="img" aria-label={label} />;
}
