import { useContext, useLayoutEffect, useRef, useState } from 'react';
import JsBarcode from 'jsbarcode';
import type { BarcodeFormat } from './barcode-rules.ts';
import { PrintProblemContext } from './print-problem.ts';

interface BarcodeSvgProps {
  value: string;
  format: BarcodeFormat;
  /** Printed width of the whole symbol, quiet zones included. */
  widthMm: number;
  barHeightMm: number;
  /** Height of the human-readable digits; 0 hides them. */
  fontMm?: number;
}

const FONT = 'Arial, Helvetica, sans-serif';
/** Quiet zones in modules: EAN-13 brings its left one with the leading digit. */
const QUIET = { EAN13: { left: 0, right: 7 }, CODE128: { left: 10, right: 10 } } as const;

/** Modules of the symbol, as JsBarcode will draw it (its object renderer). */
function moduleCount(value: string, format: BarcodeFormat, text: boolean): number {
  const probe: { encodings?: { data: string }[] } = {};
  JsBarcode(probe, value, { format, width: 1, displayValue: text });
  return (probe.encodings ?? []).reduce((sum, e) => sum + e.data.length, 0) + QUIET[format].left + QUIET[format].right;
}

/** A real barcode (JsBarcode SVG, one unit per module) sized in millimetres. */
export function BarcodeSvg({ value, format, widthMm, barHeightMm, fontMm = 2.2 }: BarcodeSvgProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const report = useContext(PrintProblemContext);
  const [failed, setFailed] = useState(false);

  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    try {
      const text = fontMm > 0;
      const moduleMm = widthMm / moduleCount(value, format, text);
      JsBarcode(svg, value, {
        format,
        width: 1,
        height: barHeightMm / moduleMm,
        displayValue: text,
        font: FONT,
        fontSize: fontMm / moduleMm,
        textMargin: 0.3 / moduleMm,
        margin: 0,
        marginLeft: QUIET[format].left,
        marginRight: QUIET[format].right,
        background: '',
        lineColor: '#000',
        xmlDocument: svg.ownerDocument,
      });
      const [, , w, h] = (svg.getAttribute('viewBox') ?? '0 0 0 0').split(' ').map(Number);
      svg.setAttribute('width', `${w * moduleMm}mm`);
      svg.setAttribute('height', `${h * moduleMm}mm`);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      report(`条码 ${value} 无法生成（${error instanceof Error ? error.message : String(error)}）`);
    }
  }, [value, format, widthMm, barHeightMm, fontMm, report]);

  return (
    <div className="barcode" data-barcode-value={value} data-barcode-format={format}>
      <svg ref={svgRef} shapeRendering="crispEdges" />
      {failed ? <span className="barcode__error">条码无效：{value}</span> : null}
    </div>
  );
}
