import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { purchaseQrText } from '@tickets/domain';
import { decodeQrPixels } from './read-qr-image';

/** A QR drawn as an image's RGBA pixels: black modules on white, a quiet zone, `scale` pixels a module. */
function qrPixels(text: string, scale = 4, margin = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * margin) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1)
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - margin;
      const column = Math.floor(x / scale) - margin;
      const inside = row >= 0 && column >= 0 && row < modules.size && column < modules.size;
      if (inside && modules.get(row, column)) rgba.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  return { rgba, side };
}

describe('reading a QR from an image without the browser’s reader', () => {
  it('finds the purchase confirmation’s text', async () => {
    const text = purchaseQrText({ publicCode: '305000000001', claimCode: '7KQ2M9TX4HCNR8WE' });
    const { rgba, side } = qrPixels(text);
    expect(await decodeQrPixels(rgba, side, side)).toBe(text);
  });

  it('finds nothing in a blank image', async () => {
    const side = 120;
    expect(
      await decodeQrPixels(new Uint8ClampedArray(side * side * 4).fill(255), side, side),
    ).toBeUndefined();
  });
});
