import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { esignFontkit as fontkit } from './esign.fontkit.ts';
import { PDFDocument, PDFString, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/*
 * The PDFs of e-sign (decision 054), drawn with pdf-lib and the Noto Sans Hans (SC) OTF the npm package
 * `@embedpdf/fonts-sc` ships, embedded as a subset (only the glyphs a document uses): nothing is fetched at
 * run time. Pure functions of their input: the same order gives the same document.
 */

export interface DocPage {
  title: string;
  paragraphs: string[];
}

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;

/** The CJK font, read once (8 MB) from the npm package's folder. */
export function cjkFont(): Buffer {
  if (!fontBytes) {
    const main = require.resolve('@embedpdf/fonts-sc');
    fontBytes = fs.readFileSync(path.join(path.dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return fontBytes;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BODY_SIZE = 11;
const LINE = 18;

/** Splits a paragraph into lines that fit `width`, character by character (CJK has no spaces to break on). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    const next = line + char;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = char;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

async function newDoc(title: string) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(cjkFont(), { subset: true });
  doc.setTitle(title);
  doc.setProducer('loan-crm esign');
  doc.setCreator('loan-crm esign');
  return { doc, font };
}

/** Writes paragraphs down the page, starting a new page when one is full; answers the last page and y. */
function writeParagraphs(
  doc: PDFDocument,
  font: PDFFont,
  start: { page: PDFPage; y: number },
  paragraphs: string[],
  size = BODY_SIZE,
) {
  let { page, y } = start;
  const width = A4[0] - 2 * MARGIN;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, font, size, width)) {
      if (y < MARGIN + 120) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size === BODY_SIZE ? LINE : size + 6;
    }
    y -= 6;
  }
  return { page, y };
}

/**
 * The document as sent: one section per page of the order (application, authorisation, service
 * agreement), each on a new page, with the company and order number in the footer of every page.
 */
export async function renderDocument(input: {
  title: string;
  pages: DocPage[];
  footer: string;
  createdAt: Date;
}): Promise<Uint8Array> {
  const { doc, font } = await newDoc(input.title);
  doc.setCreationDate(input.createdAt);
  doc.setModificationDate(input.createdAt);
  for (const section of input.pages) {
    const page = doc.addPage(A4);
    page.drawText(section.title, { x: MARGIN, y: A4[1] - MARGIN, size: 18, font });
    writeParagraphs(doc, font, { page, y: A4[1] - MARGIN - 36 }, section.paragraphs);
  }
  const pages = doc.getPages();
  pages.forEach((page, index) =>
    page.drawText(`${input.footer}  第 ${index + 1}/${pages.length} 页`, {
      x: MARGIN,
      y: 28,
      size: 8,
      font,
      color: rgb(0.45, 0.45, 0.45),
    }),
  );
  return doc.save();
}

/**
 * Stamps the signer's handwritten signature (a PNG) with their name and the signing time on the bottom of
 * every page of the document as sent. The result is what gets sealed.
 */
export async function stampSignature(
  original: Uint8Array,
  input: { signaturePng: Uint8Array; caption: string; at: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(cjkFont(), { subset: true });
  const image = await doc.embedPng(input.signaturePng);
  const height = 48;
  const width = Math.min(160, (image.width / image.height) * height);
  for (const page of doc.getPages()) {
    const x = page.getWidth() - MARGIN - 170;
    page.drawText('签署人：', { x: x - 48, y: 70, size: 10, font });
    page.drawImage(image, { x, y: 50, width, height });
    page.drawText(input.caption, { x: x - 48, y: 42, size: 8, font, color: rgb(0.3, 0.3, 0.3) });
  }
  doc.setModificationDate(input.at);
  return doc.save();
}

export interface CertificateInput {
  orderId: number;
  title: string;
  companyName: string;
  signer: { name: string; phone: string; idNumber: string };
  identity: string[];
  originalSha256: string;
  sealedSha256: string;
  chainHead: string;
  /** The RFC 3161 timestamps of the sealed file (genTime, ISO), when a TSA is configured. */
  timestamps?: string[];
  events: { seq: number; at: string; type: string; actor: string; ip: string; hash: string }[];
  issuedAt: Date;
  /** The public verify page (/interface/esign/verify): printed and linked, so a tap in a PDF reader opens it. */
  verifyUrl: string;
}

/** A URI link over a rectangle of the page: PDF readers open it on a tap. */
function linkTo(doc: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]) {
  const annotation = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(annotation);
}

/** The completion certificate: signers, identity checks, both hashes, and every event of the chain. */
export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const { doc, font } = await newDoc(`签署完成证书 ${input.orderId}`);
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const page = doc.addPage(A4);
  page.drawText('电子签署完成证书', { x: MARGIN, y: A4[1] - MARGIN, size: 18, font });
  // Where anyone holding this certificate or the contract checks them (issue 48): the address, tappable.
  const verifyY = A4[1] - MARGIN - 30;
  page.drawText('核验地址（上传本证书或合同 PDF，查验是否被改动）：', { x: MARGIN, y: verifyY, size: 9, font });
  page.drawText(input.verifyUrl, { x: MARGIN, y: verifyY - 14, size: 9, font, color: rgb(0.05, 0.3, 0.75) });
  linkTo(doc, page, input.verifyUrl, [
    MARGIN,
    verifyY - 18,
    MARGIN + font.widthOfTextAtSize(input.verifyUrl, 9),
    verifyY - 4,
  ]);
  const lines = [
    `签署单号：${input.orderId}  文件：${input.title}`,
    `发起方：${input.companyName}`,
    `签署人：${input.signer.name}  手机：${input.signer.phone}  身份证：${input.signer.idNumber}`,
    ...input.identity.map((check) => `身份核验：${check}`),
    `原始文件 SHA-256：${input.originalSha256}`,
    `签署后文件（已加盖数字签名）SHA-256：${input.sealedSha256}`,
    ...(input.timestamps ?? []).map((at) => `可信时间戳（RFC 3161）：${at}`),
    `证据链末端哈希：${input.chainHead}`,
    `证据链（共 ${input.events.length} 条，每条含上一条的 SHA-256）：`,
  ];
  const end = writeParagraphs(doc, font, { page, y: verifyY - 40 }, lines);
  writeParagraphs(
    doc,
    font,
    end,
    input.events.map((e) => `#${e.seq} ${e.at} ${e.type} ${e.actor} ${e.ip} ${e.hash}`),
    8,
  );
  return doc.save();
}
