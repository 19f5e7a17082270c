import { useMemo } from 'react';
import { create } from 'qrcode';

/** White modules around the code, as the QR standard asks, so scanners find its edges. */
const QUIET_ZONE = 4;

/**
 * The dark modules of a QR code for `text` as one SVG path and the image's side in modules
 * (quiet zone included). Drawn locally, as the deposit page's UPI code (no external service):
 * the otpauth:// URI holds the secret and must never leave the browser.
 */
export function qrCodePath(text: string): { side: number; d: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { side: modules.size + 2 * QUIET_ZONE, d: parts.join('') };
}

/** A QR code as an SVG image with an accessible name. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { side, d } = useMemo(() => qrCodePath(text), [text]);
  return (
    <svg className="bl-qr" role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" width={200} height={200}>
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
