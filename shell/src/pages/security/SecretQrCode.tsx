import { useMemo } from 'react';
import { create } from 'qrcode';
import { QrCode } from '@backlay/shared';

/**
 * The otpauth:// URI of a two-factor secret as a QR code drawn locally (the kit's QrCode): the
 * URI holds the secret and must never leave the browser.
 */
export function SecretQrCode({ uri, label }: { uri: string; label: string }) {
  const modules = useMemo(() => create(uri, { errorCorrectionLevel: 'M' }).modules, [uri]);
  return <QrCode modules={modules} label={label} width={200} height={200} />;
}
