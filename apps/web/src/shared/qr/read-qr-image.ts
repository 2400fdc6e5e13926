import { barcodeDetector } from './barcode-detector';

/**
 * A photo is scaled to at most this many pixels a side before it is searched: a QR that fills a
 * tenth of a phone's 4000-pixel photo is still 160 pixels wide, and jsQR's time grows with the area.
 */
const MAX_SIDE = 1600;

/**
 * The text of a QR in raw RGBA pixels (jsQR, pure JavaScript: loaded only when needed, no download).
 * An image is searched for light-on-dark codes too; a camera's frames, read five times a second,
 * only for the dark-on-light ones tickets and screens show (half the work).
 */
export async function decodeQrPixels(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  inversionAttempts: 'attemptBoth' | 'dontInvert' = 'attemptBoth',
): Promise<string | undefined> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(rgba, width, height, { inversionAttempts })?.data;
}

function pixelsOf(bitmap: ImageBitmap) {
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(bitmap, 0, 0, width, height);
  return { rgba: context.getImageData(0, 0, width, height).data, width, height };
}

/**
 * The text of the QR in an image file (a photo, a screenshot, a page of a PDF saved as an image), or
 * undefined when none is found or the file is not an image: the browser's reader where there is one,
 * else jsQR on the image's pixels.
 */
export async function readQrFromImage(file: Blob): Promise<string | undefined> {
  const bitmap = await createImageBitmap(file).catch(() => undefined);
  if (!bitmap) return undefined;
  try {
    const detector = barcodeDetector(['qr_code']);
    const [found] = detector ? await detector.detect(bitmap).catch(() => []) : [];
    if (found?.rawValue) return found.rawValue;
    const pixels = pixelsOf(bitmap);
    return pixels ? await decodeQrPixels(pixels.rgba, pixels.width, pixels.height) : undefined;
  } finally {
    bitmap.close();
  }
}
