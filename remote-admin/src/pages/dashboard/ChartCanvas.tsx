import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useShownTheme } from '@backlay/shared/theme';

// Only what the dashboard draws (Chart.js is tree-shaken: bars, lines, two scales, legend, tooltip).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** No motion for people who asked for none (and for the journeys, which browse that way). */
function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * One Chart.js chart on a canvas that fills its box (its height from CSS, `bl-chart`), drawn again
 * when `config` or the theme changes and destroyed with the component. Its text is the page's ink
 * and its grid the page's lines, read from the box's CSS in the theme shown (ADR 0077). The canvas
 * is an image named by `label`; the figures themselves are in the table the page puts behind every chart.
 */
export function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useShownTheme();
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context === null || context === undefined) return undefined;
    const box = getComputedStyle(canvas.current as HTMLCanvasElement);
    // Chart.js reads its defaults as it draws; only this dashboard draws charts.
    if (box.color !== '') Chart.defaults.color = box.color;
    if (box.borderTopColor !== '') Chart.defaults.borderColor = box.borderTopColor;
    const chart = new Chart(context, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, ...config.options, animation: reducedMotion() ? false : { duration: 300 } },
    });
    return () => chart.destroy();
  }, [config, theme]);
  return (
    <div className="bl-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
