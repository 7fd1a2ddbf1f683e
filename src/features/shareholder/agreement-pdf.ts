// The signed agreement as a PDF the subscriber keeps: the text they signed, both signatures, and
// the facts the server set, with the signature fingerprint Postgres stored so the copy can be
// checked against the record. Made on the device from the synced row, so it works offline.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { COMPANY_SIGNATORY } from '../../lib/company';
import { formatLongDate, formatLongDateTime } from '../../lib/format';
import { MUTED, numberPages, PageWriter, widthOf, type FontStack, type TextStyle } from '../../lib/pdf-layout';
import { agreementText } from './agreement';

/** The font files, as bytes: the text face split by script (first one first), a bold face for
 *  headings, and a handwriting face for the company's signature. */
export interface AgreementFonts {
  text: Uint8Array[];
  bold: Uint8Array;
  hand: Uint8Array;
}

export type AgreementCopy = Pick<
  ShareSubscriptionDoc,
  | 'subscriber_name'
  | 'subscriber_address'
  | 'subscriber_email'
  | 'effective_date'
  | 'payment_reference'
  | 'number_of_shares'
  | 'subscription_price'
  | 'total_amount'
  | 'signature_method'
  | 'signature_data'
  | 'signature_name'
  | 'signature_timestamp'
  | 'signature_hash'
  | 'signed_user_agent'
  | 'status'
  | 'cancelled_at'
>;

const NOT_YET = 'Set when your subscription reaches us';
const FINGERPRINT = 'Signature fingerprint (SHA-256)';

/** The record the server keeps beside the text, as label and value, in the order printed. */
export function agreementRecord(sub: AgreementCopy, deadline: string | null): [string, string][] {
  const rows: [string, string][] = [
    ['Subscriber', sub.subscriber_name ?? ''],
    ['Effective date', sub.effective_date ? formatLongDate(sub.effective_date) : NOT_YET],
    ['Signed', sub.signature_timestamp ? formatLongDateTime(sub.signature_timestamp) : NOT_YET],
    ['Payment reference', sub.payment_reference ?? NOT_YET],
    ['Cooling-off deadline', deadline ? formatLongDate(deadline) : NOT_YET],
  ];
  if (sub.status === 'cancelled') {
    rows.push(['Cancelled', sub.cancelled_at ? formatLongDateTime(sub.cancelled_at) : 'Yes']);
  }
  rows.push([FINGERPRINT, sub.signature_hash ?? 'Recorded when the subscription reaches the server']);
  if (sub.signed_user_agent) rows.push(['Signed with', sub.signed_user_agent]);
  return rows;
}

/** The file name offered: 'Chloe share agreement CHL-1234.pdf'. */
export const agreementFileName = (sub: Pick<AgreementCopy, 'payment_reference'>) =>
  `Chloe share agreement${sub.payment_reference ? ` ${sub.payment_reference}` : ''}.pdf`;

async function signatureImage(doc: PDFDocument, dataUrl: string | null | undefined): Promise<PDFImage | null> {
  const match = /^data:image\/(png|jpeg);base64,(.+)$/.exec(dataUrl ?? '');
  if (!match) return null;
  const bytes = Uint8Array.from(atob(match[2]!), (c) => c.charCodeAt(0));
  return match[1] === 'png' ? doc.embedPng(bytes) : doc.embedJpg(bytes);
}

/** The PDF's bytes: A4, every font embedded (subset), its text extractable. */
export async function agreementPdf(sub: AgreementCopy, deadline: string | null, fonts: AgreementFonts) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const text: FontStack = await Promise.all(fonts.text.map((bytes) => doc.embedFont(bytes, { subset: true })));
  const bold: FontStack = [await doc.embedFont(fonts.bold, { subset: true }), ...text];
  const hand: FontStack = [await doc.embedFont(fonts.hand, { subset: true }), ...text];
  doc.setTitle('Share Subscription Agreement');
  doc.setAuthor(COMPANY_SIGNATORY.name.replace(/^For and on behalf of /, ''));
  doc.setSubject(`Signed by ${sub.subscriber_name ?? 'the subscriber'}`);

  const style = {
    title: { fonts: bold, size: 18, gapAfter: 4 },
    heading: { fonts: bold, size: 12, gapAfter: 4 },
    body: { fonts: text, size: 10, gapAfter: 6 },
    note: { fonts: text, size: 8.5, color: MUTED, gapAfter: 4 },
    signature: { fonts: hand, size: 26, gapAfter: 2 },
  } satisfies Record<string, TextStyle>;

  const page = new PageWriter(doc);
  page.paragraph('Share Subscription Agreement', style.title);
  page.paragraph('Your copy of the agreement you signed, made from the record on your device.', style.note);
  page.rule();
  for (const paragraph of agreementText(sub).split('\n')) {
    if (paragraph) page.paragraph(paragraph, style.body);
    else page.space(4);
  }

  page.keep(200);
  page.rule();
  page.paragraph('Signatures', style.heading);
  const image = await signatureImage(doc, sub.signature_data);
  if (image) page.image(image, { width: 220, height: 80 });
  else page.paragraph(sub.signature_name ?? sub.subscriber_name ?? '', style.signature);
  page.paragraph(`${sub.subscriber_name ?? ''}, Subscriber`, style.body);
  page.space(8);
  page.paragraph('Chloe', style.signature);
  page.paragraph(`${COMPANY_SIGNATORY.name}, ${COMPANY_SIGNATORY.role}`, style.body);

  page.keep(160);
  page.rule();
  page.paragraph('The record', style.heading);
  const record = agreementRecord(sub, deadline);
  const labelStyle = { ...style.note, size: style.body.size };
  const labelWidth = Math.max(...record.map(([label]) => widthOf(label, labelStyle))) + 12;
  for (const [label, value] of record) {
    // The fingerprint on one line, to be read or copied whole: 64 characters fit at 9 pt.
    const valueStyle = label === FINGERPRINT ? { ...style.body, size: 9 } : style.body;
    page.row(label, value, labelStyle, valueStyle, labelWidth);
  }
  page.paragraph(
    'The signature fingerprint is the SHA-256 the server stored when it received your signature, made from the agreement text and the signature. Chloe can check this copy against it.',
    style.note,
  );
  numberPages(doc, { fonts: text, size: 8, color: MUTED });
  return doc.save();
}
