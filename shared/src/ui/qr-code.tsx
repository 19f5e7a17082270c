import { useMemo, type SVGProps } from 'react';

/**
 * The modules of a QR symbol, as the `qrcode` package's `create(text).modules` gives them. The
 * caller encodes (the package stays out of the shared singleton, which the first page loads:
 * ADR 0025); the drawing has its one home here.
 */
export interface QrModules {
  size: number;
  get(row: number, col: number): number | boolean;
}

/** White modules around the code, as the QR standard asks, so scanners find its edges. */
export const QR_QUIET_ZONE_MODULES = 4;

/**
 * The dark modules of a QR symbol as one SVG path (one unit square per module) and the side of
 * the whole image in modules, quiet zone included.
 */
export function qrCodePath(modules: QrModules): { side: number; d: string } {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QR_QUIET_ZONE_MODULES} ${row + QR_QUIET_ZONE_MODULES}h1v1h-1z`);
    }
  }
  return { side: modules.size + 2 * QR_QUIET_ZONE_MODULES, d: parts.join('') };
}

/**
 * A QR code drawn locally as an SVG image (docs/rules/product.md §10: no external QR service; a two-factor
 * secret must never leave the browser), its accessible name saying what it holds. Other SVG
 * attributes (a size, a data- attribute for checks) pass through.
 */
export function QrCode({ modules, label, ...svg }: { modules: QrModules; label: string } & Omit<SVGProps<SVGSVGElement>, 'role' | 'viewBox'>) {
  const { side, d } = useMemo(() => qrCodePath(modules), [modules]);
  return (
    <svg className="bl-qr" role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" {...svg}>
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
