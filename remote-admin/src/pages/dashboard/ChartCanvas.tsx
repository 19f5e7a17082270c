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

// Only what the dashboard draws (Chart.js is tree-shaken: bars, lines, two scales, legend, tooltip).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** No motion for people who asked for none (and for the journeys, which browse that way). */
function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * One Chart.js chart on a canvas that fills its box (its height from CSS, `bl-chart`), drawn again
 * when `config` changes and destroyed with the component. The canvas is an image named by
 * `label`; the figures themselves are in the table the page puts behind every chart.
 */
export function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context === null || context === undefined) return undefined;
    const chart = new Chart(context, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, ...config.options, animation: reducedMotion() ? false : { duration: 300 } },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="bl-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
