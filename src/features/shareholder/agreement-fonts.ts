// The agreement PDF's fonts, served from this origin (and kept by the service worker, so the copy
// can be made offline): Noto Sans by script, its bold for headings, Caveat for the company's
// signature. WOFF, not WOFF2: the PDF font library reads WOFF without a Brotli decoder.
import bold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import cyrillicExt from '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-400-normal.woff?url';
import cyrillic from '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff?url';
import greekExt from '@fontsource/noto-sans/files/noto-sans-greek-ext-400-normal.woff?url';
import greek from '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff?url';
import latinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?url';
import latin from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import vietnamese from '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff?url';
import hand from '@fontsource/caveat/files/caveat-latin-400-normal.woff?url';
import type { AgreementFonts } from './agreement-pdf';

/** Where each font is; `text` in the order characters look for a glyph. */
export const AGREEMENT_FONT_URLS = {
  text: [latin, latinExt, cyrillic, cyrillicExt, greek, greekExt, vietnamese],
  bold,
  hand,
} as const;

async function bytesAt(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The font at ${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadAgreementFonts(): Promise<AgreementFonts> {
  const [text, boldBytes, handBytes] = await Promise.all([
    Promise.all(AGREEMENT_FONT_URLS.text.map(bytesAt)),
    bytesAt(AGREEMENT_FONT_URLS.bold),
    bytesAt(AGREEMENT_FONT_URLS.hand),
  ]);
  return { text, bold: boldBytes, hand: handBytes };
}
