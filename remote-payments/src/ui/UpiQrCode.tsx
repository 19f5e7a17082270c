import { useMemo } from 'react';
import { create } from 'qrcode';
import { QrCode } from '@backlay/shared';

/**
 * A UPI payment link as a QR code drawn locally (the kit's QrCode; docs/rules/product.md §10: no
 * external QR service), an image whose accessible name says what it pays. Medium error
 * correction: a payment link is short, and M still scans from a slightly smudged screen. The
 * encoded link is kept in data-upi-link for checks.
 */
export function UpiQrCode({ link, label }: { link: string; label: string }) {
  const modules = useMemo(() => create(link, { errorCorrectionLevel: 'M' }).modules, [link]);
  return <QrCode modules={modules} label={label} data-upi-link={link} />;
}
