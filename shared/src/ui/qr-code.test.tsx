import { render, screen } from '@testing-library/react';
import { QR_QUIET_ZONE_MODULES, QrCode, qrCodePath, type QrModules } from './qr-code';

/** A 3×3 symbol with its corners and centre dark: an X. */
const CROSS: QrModules = { size: 3, get: (r, c) => (r === c || r + c === 2 ? 1 : 0) };

describe('qrCodePath and QrCode, the one QR drawing of the two-factor secret and the UPI deposit', () => {
  it('draws one unit square per dark module inside a four-module quiet zone', () => {
    const { side, d } = qrCodePath(CROSS);
    expect(QR_QUIET_ZONE_MODULES).toBe(4);
    expect(side).toBe(3 + 8);
    expect(d).toBe(['M4 4', 'M6 4', 'M5 5', 'M4 6', 'M6 6'].map((m) => `${m}h1v1h-1z`).join(''));
  });

  it('is an SVG image with an accessible name, passing its size and data attributes through', () => {
    render(<QrCode modules={CROSS} label="QR of a cross" width={200} data-upi-link="upi://x" />);
    const img = screen.getByRole('img', { name: 'QR of a cross' });
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img).toHaveAttribute('viewBox', '0 0 11 11');
    expect(img).toHaveAttribute('width', '200');
    expect(img).toHaveAttribute('data-upi-link', 'upi://x');
    expect(img.querySelector('path')?.getAttribute('d')).toBe(qrCodePath(CROSS).d);
  });
});
