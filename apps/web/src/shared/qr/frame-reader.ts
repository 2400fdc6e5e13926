import { barcodeDetector, type BarcodeFormat } from './barcode-detector';
import { decodeQrPixels } from './read-qr-image';

/**
 * A camera frame is scaled to at most this many pixels a side before jsQR searches it: a QR held at
 * a phone's camera fills a good part of a 640 × 480 frame, and jsQR's time grows with the area.
 */
const MAX_FRAME_SIDE = 640;

/** Reads a code, if one is in view, from the video's current frame. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>;

/**
 * The browser's own reader where there is one (every format asked); elsewhere (Chromium on Linux and
 * Windows, Firefox) jsQR on the frame's pixels, for QR codes only: a Code 128 barcode is then read by
 * a handheld scanner or typed. jsQR is bundled with the app and loaded on the first frame.
 */
export function frameReader(formats: BarcodeFormat[]): FrameReader | undefined {
  const detector = barcodeDetector(formats);
  if (detector)
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue || undefined;
  if (!formats.includes('qr_code')) return undefined;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  return async (video) => {
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return undefined;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return decodeQrPixels(data, canvas.width, canvas.height, 'dontInvert');
  };
}
