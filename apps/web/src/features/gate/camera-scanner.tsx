import { useEffect, useRef, useState } from 'react';
import { gateScreenMessages } from '@tickets/domain';
import { Button } from '../../shared/components/buttons';

const text = gateScreenMessages;

/** The browser's own barcode reader (Chromium on Android, Safari): no library, no download. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = () => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** Shown only where the browser can read codes from the camera. */
export const canScanWithCamera = () =>
  detectorClass() !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** A camera button; once open, reads one QR or Code 128 code and closes. */
export function CameraScanner({ onCode }: { onCode(code: string): void }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  // The latest callback, without restarting the camera when the parent renders again.
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  });

  useEffect(() => {
    const Detector = detectorClass();
    if (!open || !Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code', 'code_128'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const [found] = await detector.detect(video.current).catch(() => []);
      if (found?.rawValue) {
        setOpen(false);
        latestOnCode.current(found.rawValue);
        return;
      }
      timer = setTimeout(() => void look(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setFailed(true);
        setOpen(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);

  return (
    <div className="app-camera">
      <Button variant="secondary" aria-pressed={open} onClick={() => setOpen((value) => !value)}>
        {open ? text.stopCamera : text.camera}
      </Button>
      {failed ? <p className="govgr-error-message">{text.cameraFailed}</p> : null}
      {open ? (
        <video ref={video} className="app-camera__video" muted playsInline aria-label={text.cameraVideo} />
      ) : null}
    </div>
  );
}
