import { render, screen } from '@testing-library/react';
import { create } from 'qrcode';
import { QR_QUIET_ZONE_MODULES, qrCodePath } from '@backlay/shared';
import { UpiQrCode } from './UpiQrCode';

/** The link's code as the deposit page draws it: medium error correction. */
const linkPath = (text: string) => qrCodePath(create(text, { errorCorrectionLevel: 'M' }).modules);

const LINK = 'upi://pay?pa=backlay@okaxis&pn=Backlay%20Payments&am=150.50&cu=INR&tr=482913&tn=Backlay%20deposit';

/** The dark modules of a path, as "row,col" in code coordinates (quiet zone removed). */
function darkModules(d: string): Set<string> {
  const cells = [...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${Number(y) - QR_QUIET_ZONE_MODULES},${Number(x) - QR_QUIET_ZONE_MODULES}`);
  return new Set(cells);
}

describe('qrCodePath', () => {
  it('draws exactly the dark modules of the QR symbol, inside a four-module quiet zone', () => {
    const { modules } = create(LINK, { errorCorrectionLevel: 'M' });
    const { side, d } = linkPath(LINK);
    expect(side).toBe(modules.size + 8);
    const dark = darkModules(d);
    let expected = 0;
    for (let r = 0; r < modules.size; r += 1) {
      for (let c = 0; c < modules.size; c += 1) {
        if (modules.get(r, c)) {
          expected += 1;
          expect(dark.has(`${r},${c}`)).toBe(true);
        }
      }
    }
    expect(dark.size).toBe(expected);
  });

  it('has the three finder patterns a scanner looks for (7×7 dark ring, light ring, 3×3 centre)', () => {
    const { side, d } = linkPath(LINK);
    const dark = darkModules(d);
    const size = side - 8;
    for (const [top, left] of [[0, 0], [0, size - 7], [size - 7, 0]]) {
      for (let r = 0; r < 7; r += 1) {
        for (let c = 0; c < 7; c += 1) {
          const ring = r === 0 || r === 6 || c === 0 || c === 6;
          const centre = r >= 2 && r <= 4 && c >= 2 && c <= 4;
          expect(dark.has(`${top + r},${left + c}`)).toBe(ring || centre);
        }
      }
    }
  });

  it('changes with the link (another amount is another code)', () => {
    expect(linkPath(LINK).d).not.toBe(linkPath(LINK.replace('150.50', '150.51')).d);
    expect(linkPath(LINK).d).toBe(linkPath(LINK).d);
  });
});

describe('UpiQrCode', () => {
  it('is an SVG image with an accessible name, drawn without any network call', () => {
    render(<UpiQrCode link={LINK} label="UPI QR code: pay ₹150.50 to backlay@okaxis" />);
    const img = screen.getByRole('img', { name: 'UPI QR code: pay ₹150.50 to backlay@okaxis' });
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img).toHaveAttribute('data-upi-link', LINK);
    expect(img.querySelector('path')?.getAttribute('d')).toBe(linkPath(LINK).d);
    expect(img.querySelector('image, foreignObject')).toBeNull();
  });
});
