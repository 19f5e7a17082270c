import { useMemo } from 'react';
import { create } from 'qrcode';

/** White modules around the code, as the QR standard asks, so scanners find its edges. */
export const QR_QUIET_ZONE_MODULES = 4;

/**
 * The dark modules of a QR code for `text` as one SVG path (one unit square per module) and the
 * side of the whole image in modules, quiet zone included. Medium error correction: a payment
 * link is short, and M still scans from a slightly smudged screen.
 */
export function qrCodePath(text: string): { side: number; d: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QR_QUIET_ZONE_MODULES} ${row + QR_QUIET_ZONE_MODULES}h1v1h-1z`);
    }
  }
  return { side: modules.size + 2 * QR_QUIET_ZONE_MODULES, d: parts.join('') };
}

/**
 * A QR code drawn locally as SVG (docs/rules/product.md §10: no external QR service), an image whose accessible
 * name says what it pays. The encoded link is kept in data-upi-link for checks.
 */
export function UpiQrCode({ link, label }: { link: string; label: string }) {
  const { side, d } = useMemo(() => qrCodePath(link), [link]);
  return (
    <svg className="bl-qr" role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" data-upi-link={link}>
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
