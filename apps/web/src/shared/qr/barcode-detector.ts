/**
 * The browser's own barcode reader (Chromium on Android and macOS, Safari): no library, no download.
 * Desktop Chromium on Linux and Windows has none, so every caller has another way.
 */
export interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement | ImageBitmap): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

export type BarcodeFormat = 'qr_code' | 'code_128';

/** A reader of these formats, or undefined where the browser has none. */
export function barcodeDetector(formats: BarcodeFormat[]): BarcodeDetectorLike | undefined {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return Detector ? new Detector({ formats }) : undefined;
}
