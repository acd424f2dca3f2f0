// Reads a QR code from the camera or from a photo (decision 0243): BarcodeDetector where the
// browser has it (Android Chrome, Safari 17+), else jsQR (loaded only then, its own chunk).
type Decoder = (source: HTMLCanvasElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

let decoder: Promise<Decoder> | null = null;

async function makeDecoder(): Promise<Decoder> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      if ((await Detector.getSupportedFormats()).includes('qr_code')) {
        const detector = new Detector({ formats: ['qr_code'] });
        return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
      }
    } catch {
      // Fall through to jsQR.
    }
  }
  const { default: jsQR } = await import('jsqr');
  return async (canvas) => {
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null
    );
  };
}

/** The QR text in what the canvas shows, or null. */
export function decodeCanvas(canvas: HTMLCanvasElement): Promise<string | null> {
  decoder ??= makeDecoder();
  return decoder.then((decode) => decode(canvas));
}

/** Draws a photo (scaled so its longer side is at most 1600 px) and reads it. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas
    .getContext('2d', { willReadFrequently: true })!
    .drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return decodeCanvas(canvas);
}

/**
 * Reads frames of the camera until a QR is found, `signal` aborts, or the stream ends. The
 * stream is stopped in every case.
 */
export async function scanCamera(
  video: HTMLVideoElement,
  signal: AbortSignal,
): Promise<string | null> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
  const stop = () => stream.getTracks().forEach((t) => t.stop());
  signal.addEventListener('abort', stop, { once: true });
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    const canvas = document.createElement('canvas');
    while (!signal.aborted && stream.active) {
      await new Promise<void>((resolve) =>
        'requestVideoFrameCallback' in video
          ? video.requestVideoFrameCallback(() => resolve())
          : setTimeout(resolve, 150),
      );
      if (signal.aborted || !video.videoWidth) continue;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d', { willReadFrequently: true })!.drawImage(video, 0, 0);
      const text = await decodeCanvas(canvas);
      if (text) return text;
    }
    return null;
  } finally {
    stop();
    video.srcObject = null;
  }
}
