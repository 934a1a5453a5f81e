import JsBarcode from 'jsbarcode';
import { BARS } from 'jsbarcode/bin/barcodes/CODE128/constants.js';
import { describe, expect, it } from 'vitest';
import { barsFromSvgMarkup, CODE128_PATTERNS, decodeBarcodeSvg, decodeCode128, decodeEan13, modulesFromBars, type Bar } from './barcode-decode.ts';

/** JsBarcode's own encoding (its object renderer), as modules. */
function encode(value: string, format: 'EAN13' | 'CODE128'): string {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, value, { format, flat: true });
  return target
    .encodings!.map((e) => e.data)
    .join('')
    .replace(/^0+|0+$/g, '');
}

/** A tiny XML document, enough for JsBarcode's SVG renderer in node. */
class FakeNode {
  attrs = new Map<string, string>();
  children: FakeNode[] = [];
  constructor(
    readonly nodeName: string,
    readonly text = '',
  ) {}
  get firstChild() {
    return this.children[0] ?? null;
  }
  setAttribute(name: string, value: unknown) {
    this.attrs.set(name, String(value));
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  hasAttribute(name: string) {
    return this.attrs.has(name);
  }
  appendChild(child: FakeNode) {
    this.children.push(child);
  }
  removeChild(child: FakeNode) {
    this.children = this.children.filter((c) => c !== child);
  }
  toString(): string {
    if (this.nodeName === '#text') return this.text;
    const attrs = [...this.attrs].map(([k, v]) => ` ${k}="${v}"`).join('');
    return `<${this.nodeName}${attrs}>${this.children.join('')}</${this.nodeName}>`;
  }
}
const fakeDocument = {
  createElementNS: (_ns: string, name: string) => new FakeNode(name),
  createTextNode: (text: string) => new FakeNode('#text', text),
};

function renderSvg(value: string, options: Record<string, unknown>): string {
  const svg = new FakeNode('svg');
  JsBarcode(svg, value, { ...options, xmlDocument: fakeDocument as unknown as XMLDocument });
  return svg.toString();
}

describe('barcode decoding', () => {
  it('has the Code 128 pattern table JsBarcode draws', () => {
    expect(CODE128_PATTERNS).toEqual(BARS.map(String));
    for (const p of CODE128_PATTERNS.slice(0, 106)) expect(p).toHaveLength(11);
  });

  it('reads EAN-13 digits back', () => {
    for (const value of ['6901234567892', '4006381333931', '6970000000017', '0012345678905', '9787111213826']) {
      expect(decodeEan13(encode(value, 'EAN13'))).toBe(value);
    }
  });

  it('refuses broken EAN-13 symbols', () => {
    const good = encode('6901234567892', 'EAN13');
    expect(() => decodeEan13(good.slice(1))).toThrow('EAN-13 应为95个模块');
    expect(() => decodeEan13(`0${good.slice(1)}`)).toThrow('EAN-13 护线不正确');
    // digit 2 -> digit 3 in the right half (R patterns) breaks the check digit
    const right = good.slice(0, 50) + good.slice(50, 92).replace('1101100', '1000010') + good.slice(92);
    expect(() => decodeEan13(right)).toThrow('EAN-13 校验位不正确');
    const smudged = `${good.slice(0, 10)}1111111${good.slice(17)}`;
    expect(() => decodeEan13(smudged)).toThrow('EAN-13 左侧第2位无法识别');
  });

  it('reads Code 128 in sets A, B and C with switches', () => {
    for (const value of ['YS26W001-TS-M', 'DB20261121001', '20261121', 'ab12345678cd', 'CK-2026/11#A', 'x', '1234567', 'AB\tCD']) {
      expect(decodeCode128(encode(value, 'CODE128'))).toBe(value);
    }
  });

  it('refuses broken Code 128 symbols', () => {
    const good = encode('YS26W001', 'CODE128');
    expect(() => decodeCode128(good.slice(0, -1))).toThrow('Code 128 结束符不正确');
    const swapped = good.slice(0, 11) + CODE128_PATTERNS[34] + good.slice(22);
    expect(() => decodeCode128(swapped)).toThrow('Code 128 校验符不正确');
  });

  it('turns bars of any module width into modules', () => {
    const bars: Bar[] = [
      { x: 10, width: 0.66 },
      { x: 11.32, width: 0.33 },
      { x: 11.98, width: 0.99 },
    ];
    expect(modulesFromBars(bars)).toBe('110010111');
    expect(() =>
      modulesFromBars([
        { x: 0, width: 1 },
        { x: 1.75, width: 1 },
      ]),
    ).toThrow('条宽不是模块宽的整数倍');
    expect(() => modulesFromBars([])).toThrow('没有条');
  });

  it('decodes what JsBarcode renders as SVG, guards, digits and groups included', () => {
    const ean = renderSvg('6901234567892', { format: 'EAN13', width: 2, height: 40, margin: 0, marginRight: 14, background: '#ffffff' });
    expect(ean).toContain('translate(');
    expect(decodeBarcodeSvg(ean, 'EAN13')).toBe('6901234567892');
    const flat = renderSvg('4006381333931', { format: 'EAN13', flat: true, width: 3 });
    expect(decodeBarcodeSvg(flat, 'EAN13')).toBe('4006381333931');
    const code = renderSvg('YS26W001-TS-M', { format: 'CODE128', width: 1, height: 30, displayValue: false, background: '' });
    expect(decodeBarcodeSvg(code, 'CODE128')).toBe('YS26W001-TS-M');
  });

  it('reads markup the way a browser serialises it', () => {
    const html =
      '<svg viewBox="0 0 40 10"><rect x="0" y="0" width="40" height="10" style="fill:#fff" fill="#fff"></rect>' +
      '<g transform="translate(5, 0)" style="fill:#000"><rect x="0" y="0" width="2" height="10"/><rect x="3" y="0" width="1" height="10"></rect></g>' +
      "<g transform='translate(20 0)'><rect x='1' width='1' height='10'></rect></g></svg>";
    expect(barsFromSvgMarkup(html)).toEqual([
      { x: 5, width: 2 },
      { x: 8, width: 1 },
      { x: 21, width: 1 },
    ]);
  });
});
