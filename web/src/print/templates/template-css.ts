import type { PrintKind } from '../print-types.ts';
import type { TemplateSettings } from '../print-settings.ts';

/** Content box of a template in mm (paper less margins). */
export function contentBox(s: TemplateSettings): { widthMm: number; heightMm: number } {
  return { widthMm: s.widthMm - s.marginLeftMm - s.marginRightMm, heightMm: s.heightMm - s.marginTopMm - s.marginBottomMm };
}

const BASE = `
*, *::before, *::after { box-sizing: border-box; margin: 0; padding: 0; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  font-family: "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Helvetica Neue", Arial, sans-serif;
  color: #000; background: #fff; line-height: 1.3;
}
.barcode { display: flex; justify-content: center; }
.barcode svg { display: block; }
.barcode__error { color: #c00; font-size: 2.4mm; }
.qr { display: block; }
/* 份数: each copy of the whole document or batch starts a new page */
.copy + .copy { break-before: page; page-break-before: always; }
@media screen {
  body { background: #e8ebf0; padding: 6mm; }
  .sheet { background: #fff; box-shadow: 0 0.4mm 1.6mm rgba(15, 23, 42, 0.22); }
  .sheets { display: flex; flex-wrap: wrap; gap: 6mm; align-items: flex-start; }
  .copy + .copy { margin-top: 6mm; }
}
`;

/** Labels, tags: one fixed-size page per piece. */
const pieceCss = (s: TemplateSettings) => `
@page { size: ${s.widthMm}mm ${s.heightMm}mm; margin: 0; }
.sheet {
  width: ${s.widthMm}mm; height: ${s.heightMm}mm; overflow: hidden;
  padding: ${s.marginTopMm}mm ${s.marginRightMm}mm ${s.marginBottomMm}mm ${s.marginLeftMm}mm;
  display: flex; flex-direction: column; break-after: page; page-break-after: always;
}
.sheet:last-child { break-after: auto; page-break-after: auto; }
`;

const LABEL = `
.label { font-size: 2.5mm; }
.label__brand { font-size: 2.4mm; letter-spacing: 0.6mm; text-align: center; border-bottom: 0.2mm solid #000; padding-bottom: 0.6mm; }
.label__name { font-size: 3.2mm; font-weight: 700; margin-top: 1mm; line-height: 1.25; max-height: 8.2mm; overflow: hidden; }
.label__fields { display: grid; grid-template-columns: auto 1fr; align-items: baseline; column-gap: 1.2mm; row-gap: 0.3mm; margin-top: 0.8mm; }
.label__fields dt { color: #333; }
.label__fields dd { font-weight: 600; word-break: break-all; }
.label__spec { font-size: 4mm; font-weight: 700; }
.label__price { margin-top: auto; display: flex; align-items: baseline; justify-content: space-between; border-top: 0.2mm solid #000; padding-top: 0.6mm; }
.label__price strong { font-size: 4.2mm; }
.label__barcode { margin-top: 0.8mm; }
`;

const HANGTAG = `
.tag { font-size: 2.5mm; }
.tag__brand { text-align: center; padding-top: 1mm; }
.tag__logo { font-size: 6.4mm; font-weight: 700; letter-spacing: 2mm; text-indent: 2mm; line-height: 1.1; }
.tag__title { margin: 1mm auto 1.2mm; font-size: 2.6mm; letter-spacing: 1.4mm; text-indent: 1.4mm; border-top: 0.2mm solid #000; border-bottom: 0.2mm solid #000; padding: 0.4mm 0; text-align: center; }
.tag__fields { width: 100%; border-collapse: collapse; }
.tag__fields th { font-weight: 400; text-align-last: justify; white-space: nowrap; width: 11mm; padding: 0.3mm 1.4mm 0.3mm 0; vertical-align: top; color: #222; }
.tag__fields td { padding: 0.3mm 0; font-weight: 600; vertical-align: top; overflow-wrap: anywhere; }
.tag__comp .nowrap { white-space: nowrap; }
.tag__comp div { font-weight: 600; }
.tag__foot { margin-top: auto; }
.tag__price { display: flex; align-items: center; justify-content: space-between; border-top: 0.2mm dashed #000; padding-top: 1mm; }
.tag__price-label { font-size: 2.4mm; }
.tag__price-value { font-size: 5mm; font-weight: 700; line-height: 1.1; }
.tag__barcode { margin-top: 1mm; }
`;

const WASHLABEL = `
.wash { font-size: 2mm; text-align: center; line-height: 1.35; }
.wash__brand { font-size: 3.2mm; font-weight: 700; letter-spacing: 0.8mm; text-indent: 0.8mm; }
.wash__style { margin-top: 0.6mm; }
.wash__block { margin-top: 1.4mm; padding-top: 1.2mm; border-top: 0.15mm solid #000; }
.wash__title { font-weight: 700; margin-bottom: 0.4mm; }
.wash__symbols { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.8mm; margin-bottom: 0.8mm; }
.wash__symbols svg { width: 5mm; height: 5mm; }
.wash__care { list-style: none; }
.wash__foot { margin-top: auto; padding-top: 1mm; border-top: 0.15mm solid #000; text-align: left; font-size: 1.8mm; }
`;

/** A4 documents flow over pages; the margins are the page's. */
const documentCss = (s: TemplateSettings) => `
@page {
  size: ${s.widthMm}mm ${s.heightMm}mm;
  margin: ${s.marginTopMm}mm ${s.marginRightMm}mm ${s.marginBottomMm}mm ${s.marginLeftMm}mm;
  @bottom-center { content: "第 " counter(page) " 页 / 共 " counter(pages) " 页"; font-size: 8pt; color: #555; }
}
@media screen {
  .doc { width: ${s.widthMm}mm; min-height: ${s.heightMm}mm; margin: 0 auto;
    padding: ${s.marginTopMm}mm ${s.marginRightMm}mm ${s.marginBottomMm}mm ${s.marginLeftMm}mm; }
}
.doc { font-size: 9.5pt; }
.doc__head { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 0.5mm solid #000; padding-bottom: 3mm; }
.doc__company { font-size: 10pt; letter-spacing: 0.5mm; color: #333; }
.doc__title { font-size: 20pt; font-weight: 700; letter-spacing: 3mm; margin-top: 1mm; }
.doc__codes { display: flex; align-items: center; gap: 3mm; }
.doc__number { font-size: 8pt; text-align: center; margin-top: 0.5mm; letter-spacing: 0.3mm; }
.doc__info { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1.6mm 6mm; margin: 3.5mm 0; }
.doc__info div { display: flex; gap: 2mm; }
.doc__info span { color: #444; white-space: nowrap; }
.doc__info b { font-weight: 600; }
.doc__status { border: 0.3mm solid #000; padding: 0 1.5mm; border-radius: 0.8mm; }
.doc table { width: 100%; border-collapse: collapse; }
.doc thead { display: table-header-group; }
.doc tr { break-inside: avoid; page-break-inside: avoid; }
.doc th, .doc td { border: 0.2mm solid #333; padding: 1.3mm 1.6mm; }
.doc th { background: #f0f0f0; font-weight: 600; white-space: nowrap; }
.doc td.num, .doc th.num { text-align: right; font-variant-numeric: tabular-nums; }
.doc td.center, .doc th.center { text-align: center; }
.doc td.code { font-size: 8.5pt; font-variant-numeric: tabular-nums; letter-spacing: 0.1mm; }
.doc tfoot td { font-weight: 700; background: #fafafa; }
.doc table.doc__grid { margin-bottom: 3mm; break-inside: avoid; page-break-inside: avoid; }
.doc__grid td, .doc__grid th { min-width: 11mm; }
.doc__grid .doc__grid-style th { text-align: left; background: #fff; font-weight: 400; }
.doc__grid .doc__grid-style span { margin-right: 6mm; white-space: nowrap; }
.doc__grid-total { font-weight: 700; text-align: right; }
.doc__words { margin-top: 2mm; }
.doc__remark { margin-top: 2mm; min-height: 8mm; }
.doc__signs { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4mm; margin-top: 8mm; break-inside: avoid; }
.doc__signs div { border-bottom: 0.2mm solid #000; padding-bottom: 5mm; }
`;

const STATEMENT = `
.doc__info--statement { grid-template-columns: repeat(2, 1fr); }
.statement__balance { display: flex; justify-content: space-between; margin: 2mm 0; font-weight: 600; }
.statement__balance b, .statement__totals b { font-variant-numeric: tabular-nums; }
/* one line per entry: dates, numbers and figures never wrap; the memo takes what is left */
.statement table { font-size: 8pt; }
.statement th, .statement td { padding: 1mm 1.2mm; white-space: nowrap; }
.statement td.code { font-size: 8pt; }
.statement td.memo { white-space: normal; overflow-wrap: anywhere; width: 100%; }
.statement__totals { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4mm; margin-top: 3mm; border-top: 0.5mm solid #000; padding-top: 2mm; }
.statement__totals div { display: flex; flex-direction: column; align-items: flex-end; gap: 0.5mm; }
.statement__totals span { color: #444; }
.statement__totals b { font-size: 11pt; }
.statement__words { margin-top: 1.5mm; text-align: right; }
.statement__confirm { margin-top: 3mm; }
.statement__note { margin-top: 2mm; color: #333; font-size: 8.5pt; }
.statement__signs { display: grid; grid-template-columns: 1fr 1fr; gap: 12mm; margin-top: 10mm; break-inside: avoid; page-break-inside: avoid; }
.statement__signs section { display: grid; gap: 6mm; }
.statement__signs h2 { font-size: 10pt; font-weight: 600; }
.statement__signs div { border-bottom: 0.2mm solid #000; padding-bottom: 1mm; min-height: 7mm; }
`;

/** The stylesheet of a kind at its settings. */
export function templateCss(kind: PrintKind, s: TemplateSettings): string {
  switch (kind) {
    case 'label':
      return BASE + pieceCss(s) + LABEL;
    case 'hangtag':
      return BASE + pieceCss(s) + HANGTAG;
    case 'washlabel':
      return BASE + pieceCss(s) + WASHLABEL;
    case 'outbound':
    case 'transfer':
    case 'order':
    case 'parcel':
      return BASE + documentCss(s);
    case 'statement':
      return BASE + documentCss(s) + STATEMENT;
  }
}
