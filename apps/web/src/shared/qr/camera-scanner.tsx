import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/buttons';
import type { BarcodeFormat } from './barcode-detector';
import { frameReader } from './frame-reader';

/** What the scanner says: each screen words it for what is scanned there. */
export interface CameraScannerLabels {
  camera: string;
  stopCamera: string;
  cameraVideo: string;
  cameraFailed: string;
}

/**
 * Shown where the browser has a camera to offer: every screen that scans reads QR codes, with the
 * browser's reader or, where it has none, jsQR (frame-reader.ts).
 */
export const canScanWithCamera = () => typeof navigator.mediaDevices?.getUserMedia === 'function';

/** A camera button; once open, reads one code of the given formats and closes. */
export function CameraScanner({
  onCode,
  labels,
  formats = ['qr_code', 'code_128'],
}: {
  onCode(code: string): void;
  labels: CameraScannerLabels;
  formats?: BarcodeFormat[];
}) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  // The latest callback, without restarting the camera when the parent renders again.
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  });
  const formatList = formats.join(',');

  useEffect(() => {
    const read = open ? frameReader(formatList.split(',') as BarcodeFormat[]) : undefined;
    if (!read) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const look = async () => {
      if (stopped || !video.current) return;
      const found = await read(video.current).catch(() => undefined);
      if (stopped) return;
      if (found) {
        setOpen(false);
        latestOnCode.current(found);
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
  }, [open, formatList]);

  return (
    <div className="app-camera">
      <Button variant="secondary" aria-pressed={open} onClick={() => setOpen((value) => !value)}>
        {open ? labels.stopCamera : labels.camera}
      </Button>
      {failed ? <p className="govgr-error-message">{labels.cameraFailed}</p> : null}
      {open ? (
        <video ref={video} className="app-camera__video" muted playsInline aria-label={labels.cameraVideo} />
      ) : null}
    </div>
  );
}
