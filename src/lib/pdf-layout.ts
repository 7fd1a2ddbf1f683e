// Text laid out on A4 pages with pdf-lib: wrapped paragraphs that flow onto new pages, each
// character drawn in the first embedded font that has it (a web font comes split by script, so
// a name in Polish or Greek takes its letters from the subset that holds them).
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.38, 0.42);

/** Fonts tried in order for each character; the first is the face, the rest fill its gaps. */
export type FontStack = readonly PDFFont[];
type Run = { text: string; font: PDFFont };
export type TextStyle = { fonts: FontStack; size: number; color?: ReturnType<typeof rgb>; gapAfter?: number };

const charSets = new WeakMap<PDFFont, Set<number>>();
function hasChar(font: PDFFont, codePoint: number): boolean {
  let set = charSets.get(font);
  if (!set) charSets.set(font, (set = new Set(font.getCharacterSet())));
  return set.has(codePoint);
}

/** `text` cut into runs of one font; a character no font has is drawn as '?' in the first. */
export function runsOf(text: string, fonts: FontStack): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const font = fonts.find((f) => hasChar(f, codePoint));
    const drawn = font ? char : '?';
    const last = runs.at(-1);
    const use = font ?? fonts[0]!;
    if (last && last.font === use) last.text += drawn;
    else runs.push({ text: drawn, font: use });
  }
  return runs;
}

export function widthOf(text: string, style: TextStyle): number {
  return runsOf(text, style.fonts).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, style.size), 0);
}

/** Breaks a word longer than the line (a hash, a user agent) into pieces that fit. */
function pieces(word: string, style: TextStyle, width: number): string[] {
  if (widthOf(word, style) <= width) return [word];
  const out: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && widthOf(piece + char, style) > width) {
      out.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece ? [...out, piece] : out;
}

/** One paragraph's lines, each no wider than `width`. */
export function wrap(text: string, style: TextStyle, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => pieces(w, style, width))) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(next, style) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : [''];
}

/** Writes top to bottom, starting a new A4 page when the next block does not fit. */
export class PageWriter {
  readonly width = A4.width - 2 * MARGIN;
  private page: PDFPage;
  private y = A4.height - MARGIN;

  constructor(private readonly doc: PDFDocument) {
    this.page = doc.addPage([A4.width, A4.height]);
  }

  /** Room for `height` more points on this page, or a new page. */
  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  drawLine(text: string, style: TextStyle, x = MARGIN) {
    const lineHeight = style.size * 1.4;
    this.room(lineHeight);
    this.y -= lineHeight;
    let at = x;
    for (const run of runsOf(text, style.fonts)) {
      this.page.drawText(run.text, {
        x: at,
        y: this.y + style.size * 0.3,
        size: style.size,
        font: run.font,
        color: style.color ?? INK,
      });
      at += run.font.widthOfTextAtSize(run.text, style.size);
    }
  }

  paragraph(text: string, style: TextStyle, indent = 0) {
    for (const line of wrap(text, style, this.width - indent)) this.drawLine(line, style, MARGIN + indent);
    this.space(style.gapAfter ?? style.size * 0.6);
  }

  /** A label and its value side by side, the value wrapped beside the label, kept on one page. */
  row(label: string, value: string, labelStyle: TextStyle, valueStyle: TextStyle, labelWidth: number) {
    const lines = wrap(value, valueStyle, this.width - labelWidth);
    this.room(lines.length * valueStyle.size * 1.4);
    const top = this.y;
    this.drawLine(label, labelStyle);
    this.y = top;
    for (const line of lines) this.drawLine(line, valueStyle, MARGIN + labelWidth);
    this.space(valueStyle.gapAfter ?? valueStyle.size * 0.6);
  }

  space(points: number) {
    this.y -= points;
  }

  /** An image scaled to fit `box`, left-aligned, kept whole on one page. */
  image(image: PDFImage, box: { width: number; height: number }) {
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    const size = { width: image.width * scale, height: image.height * scale };
    this.room(size.height);
    this.y -= size.height;
    this.page.drawImage(image, { x: MARGIN, y: this.y, ...size });
  }

  /** A thin rule across the text width. */
  rule() {
    this.room(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 6;
  }

  /** Keeps the next `height` points together (a heading with what follows). */
  keep(height: number) {
    this.room(height);
  }
}

/** "Page 1 of 2" at the foot of every page. */
export function numberPages(doc: PDFDocument, style: TextStyle) {
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const label = `Page ${index + 1} of ${pages.length}`;
    const font = style.fonts[0]!;
    page.drawText(label, {
      x: A4.width - MARGIN - font.widthOfTextAtSize(label, style.size),
      y: MARGIN / 2,
      size: style.size,
      font,
      color: style.color ?? MUTED,
    });
  });
}
