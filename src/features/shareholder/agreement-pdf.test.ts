// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { agreementText } from './agreement';
import { AGREEMENT_FONT_URLS } from './agreement-fonts';
import {
  agreementFileName,
  agreementPdf,
  agreementRecord,
  type AgreementCopy,
  type AgreementFonts,
} from './agreement-pdf';

const root = path.resolve(import.meta.dirname, '../../..');
// Vite gives each font's URL as its path from the project root, or as /@fs/ and its real path.
const fontFile = (url: string) => {
  const file = url.replace(/\?.*$/, '');
  return file.startsWith('/@fs/') ? file.slice('/@fs'.length) : path.join(root, file);
};
const fontBytes = (url: string) => new Uint8Array(readFileSync(fontFile(url)));
const fonts: AgreementFonts = {
  text: AGREEMENT_FONT_URLS.text.map(fontBytes),
  bold: fontBytes(AGREEMENT_FONT_URLS.bold),
  hand: fontBytes(AGREEMENT_FONT_URLS.hand),
};
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const HASH = 'a3f1c9e0b47d2e8f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f';

const signed: AgreementCopy = {
  subscriber_name: 'Zoë Łęcka',
  subscriber_address: '12 Οδός Αθηνάς, Athens',
  subscriber_email: 'zoe@example.com',
  effective_date: '2026-11-28',
  payment_reference: 'CHL-7Q2X',
  number_of_shares: 5000,
  subscription_price: 1.25,
  total_amount: 6250,
  signature_method: 'drawn',
  signature_data: PNG,
  signature_name: null,
  signature_timestamp: '2026-11-28T10:15:00.000Z',
  signature_hash: HASH,
  signed_user_agent: `Mozilla/5.0 (X11; Linux x86_64) ${'AppleWebKit/537.36 '.repeat(8)}`,
  status: 'signed',
  cancelled_at: null,
};

async function textOf(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const strings = content.items.map((item) => ('str' in item ? item.str : ''));
    pages.push({ view: page.view, strings, text: strings.join('') });
  }
  return pages;
}

describe('the agreement PDF', () => {
  it('holds the signed text, the subscriber, the payment reference and the hash Postgres stored', async () => {
    const pages = await textOf(await agreementPdf(signed, '2026-12-08', fonts));
    const all = pages.map((p) => p.text).join('');
    expect(all).toContain('Zoë Łęcka');
    expect(all).toContain('12 Οδός Αθηνάς, Athens');
    expect(all).toContain('CHL-7Q2X');
    expect(all).toContain(HASH);
    expect(all).toContain('8 December 2026');
    expect(all).toContain('28 November 2026 at 10:15 GMT');
    expect(all).toContain('For and on behalf of Chloe Technologies Ltd, Director');
    // Every sentence of the signed text is there, word for word (lines join without their break).
    for (const line of agreementText(signed).split('\n').filter(Boolean)) {
      expect(all.replace(/\s/g, '')).toContain(line.replace(/\s/g, ''));
    }
  });

  it('is A4 on every page, numbered, and flows onto a second page without losing a line', async () => {
    // The long user agent takes the record past the first page.
    const pages = await textOf(await agreementPdf(signed, '2026-12-08', fonts));
    expect(pages.length).toBe(2);
    for (const page of pages) expect(page.view).toEqual([0, 0, 595.28, 841.89]);
    expect(pages[0]!.text).toContain('Page 1 of 2');
    expect(pages[1]!.text).toContain('Page 2 of 2');
    const all = pages.map((p) => p.text).join('');
    expect(all.replace(/\s/g, '')).toContain(signed.signed_user_agent!.replace(/\s/g, ''));
  });

  it('prints the fingerprint on one line, to be read or copied whole', async () => {
    const pages = await textOf(await agreementPdf(signed, '2026-12-08', fonts));
    expect(pages.flatMap((p) => p.strings)).toContain(HASH);
  });

  it('embeds every font it uses: no font left for the reader to find', async () => {
    const doc = await PDFDocument.load(await agreementPdf(signed, '2026-12-08', fonts));
    const descriptors = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(descriptors.length).toBeGreaterThanOrEqual(3);
    for (const descriptor of descriptors) {
      const file = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key)));
      expect(file, String(descriptor.get(PDFName.of('FontName')))).toBe(true);
    }
  });

  it('says what is not known yet while the subscription waits on this device, and a cancellation', async () => {
    const pending = {
      ...signed,
      signature_hash: null,
      payment_reference: null,
      effective_date: null,
      signature_timestamp: null,
    };
    const text = (await textOf(await agreementPdf(pending, null, fonts))).map((p) => p.text).join('');
    expect(text).toContain('Recorded when the subscription reaches the server');
    expect(text).toContain('Set when your subscription reaches us');
    const cancelled = agreementRecord({ ...signed, status: 'cancelled', cancelled_at: '2026-11-30T09:00:00Z' }, null);
    expect(cancelled).toContainEqual(['Cancelled', '30 November 2026 at 09:00 GMT']);
  });

  it("signs for the company in the handwriting face; a typed signature's words follow the signed text", async () => {
    // A typed signature is stored as the image of the name (typed-signature.ts), as a drawn one.
    const typed: AgreementCopy = { ...signed, signature_method: 'typed', signature_name: 'Zoe Lecka' };
    const bytes = await agreementPdf(typed, null, fonts);
    const text = (await textOf(bytes)).map((p) => p.text).join('');
    expect(text).toContain('who typed their name as their signature');
    const doc = await PDFDocument.load(bytes);
    const faces = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of('BaseFont')) : undefined))
      .filter((name) => name instanceof PDFName)
      .map(String);
    expect(faces.some((face) => /Caveat/.test(face))).toBe(true);
    expect(faces.some((face) => /NotoSans/.test(face))).toBe(true);
    expect(agreementFileName(signed)).toBe('Chloe share agreement CHL-7Q2X.pdf');
    expect(agreementFileName({ payment_reference: null })).toBe('Chloe share agreement.pdf');
  });
});
