// A typed name drawn as a signature image: the same 500×200 shape as the signature pad, at twice
// the pixels, in a handwriting-style font the system has (none is downloaded: the step works
// offline), shrunk to fit a long name. The PNG data URL is what the server hashes and keeps.

const WIDTH = 1000;
const HEIGHT = 400;
const MARGIN = 48;
// Handwriting faces of Windows, macOS/iOS and Android/Linux, then the generic cursive.
export const SIGNATURE_FONT =
  '"Segoe Script", "Bradley Hand", "Snell Roundhand", "Brush Script MT", "Dancing Script", cursive';

/** The image of `name` as a signature, or '' where there is no canvas to draw it on. */
export function typedSignatureImage(name: string): string {
  if (typeof document === 'undefined') return '';
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return '';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  let size = 120;
  const font = (px: number) => `italic ${px}px ${SIGNATURE_FONT}`;
  ctx.font = font(size);
  // Shrink until the name fits on the line (a 200-character name ends up small, but whole).
  while (size > 12 && ctx.measureText(name).width > WIDTH - 2 * MARGIN) {
    size -= 4;
    ctx.font = font(size);
  }
  ctx.fillStyle = '#111827';
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'center';
  ctx.fillText(name, WIDTH / 2, HEIGHT - 110, WIDTH - 2 * MARGIN);
  ctx.strokeStyle = '#9ca3af';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(MARGIN, HEIGHT - 80);
  ctx.lineTo(WIDTH - MARGIN, HEIGHT - 80);
  ctx.stroke();
  return canvas.toDataURL('image/png');
}
