import { describe, expect, it } from 'vitest';
import { BmpError, decodeBmp } from './bmp.ts';

interface Spec {
  width: number;
  height: number;
  bpp: number;
  compression?: number;
  dib?: number;
  palette?: [number, number, number][];
  /** r, g, b, a masks written at offset 54 */
  masks?: [number, number, number, number];
  /** rows as stored (bottom row first unless height < 0), unpadded */
  rows: number[][];
}

/** Writes a BMP from stored rows, padding each to 4 bytes. */
function bmp(spec: Spec): Buffer {
  const dib = spec.dib ?? 40;
  const stride = Math.floor((spec.bpp * spec.width + 31) / 32) * 4;
  const extra = dib === 40 && spec.masks ? 12 : 0;
  const paletteBytes = (spec.palette?.length ?? 0) * (dib === 12 ? 3 : 4);
  const offset = 14 + dib + extra + paletteBytes;
  const out = Buffer.alloc(offset + stride * Math.abs(spec.height));
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(dib, 14);
  if (dib === 12) {
    out.writeUInt16LE(spec.width, 18);
    out.writeInt16LE(spec.height, 20);
    out.writeUInt16LE(1, 22);
    out.writeUInt16LE(spec.bpp, 24);
  } else {
    out.writeInt32LE(spec.width, 18);
    out.writeInt32LE(spec.height, 22);
    out.writeUInt16LE(1, 26);
    out.writeUInt16LE(spec.bpp, 28);
    out.writeUInt32LE(spec.compression ?? 0, 30);
    out.writeUInt32LE(spec.palette?.length ?? 0, 46);
    if (spec.masks)
      spec.masks.forEach((m, i) => {
        if (dib > 40 || i < 3) out.writeUInt32LE(m >>> 0, 54 + i * 4);
      });
  }
  let at = 14 + dib + extra;
  for (const [r, g, b] of spec.palette ?? []) {
    out[at] = b;
    out[at + 1] = g;
    out[at + 2] = r;
    at += dib === 12 ? 3 : 4;
  }
  spec.rows.forEach((row, i) => {
    Buffer.from(row).copy(out, offset + i * stride);
  });
  return out;
}

const pixels = (d: { data: Buffer; channels: number }) => Array.from({ length: d.data.length / d.channels }, (_, i) => [...d.data.subarray(i * d.channels, (i + 1) * d.channels)]);

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const WHITE: [number, number, number] = [255, 255, 255];

describe('BMP decoder', () => {
  it('reads 24-bit bottom-up and top-down pictures', () => {
    // stored bottom row first: bottom = blue, white; top = red, green
    const rows = [
      [255, 0, 0, 255, 255, 255],
      [0, 0, 255, 0, 255, 0],
    ];
    const up = decodeBmp(bmp({ width: 2, height: 2, bpp: 24, rows }), 100);
    expect(up).toMatchObject({ width: 2, height: 2, channels: 3 });
    expect(pixels(up)).toEqual([RED, GREEN, BLUE, WHITE]);
    const down = decodeBmp(bmp({ width: 2, height: -2, bpp: 24, rows }), 100);
    expect(pixels(down)).toEqual([BLUE, WHITE, RED, GREEN]);
  });

  it('reads 1-, 4- and 8-bit palette pictures, and the old 12-byte header', () => {
    const palette = [RED, GREEN, BLUE, WHITE];
    expect(pixels(decodeBmp(bmp({ width: 3, height: 1, bpp: 8, palette, rows: [[3, 2, 1]] }), 100))).toEqual([WHITE, BLUE, GREEN]);
    expect(pixels(decodeBmp(bmp({ width: 3, height: 1, bpp: 4, palette, rows: [[0x12, 0x30]] }), 100))).toEqual([GREEN, BLUE, WHITE]);
    expect(pixels(decodeBmp(bmp({ width: 10, height: 1, bpp: 1, palette: [RED, BLUE], rows: [[0b10100000, 0b01000000]] }), 100))).toEqual([
      BLUE,
      RED,
      BLUE,
      RED,
      RED,
      RED,
      RED,
      RED,
      RED,
      BLUE,
    ]);
    expect(pixels(decodeBmp(bmp({ dib: 12, width: 2, height: 1, bpp: 8, palette, rows: [[1, 0]] }), 100))).toEqual([GREEN, RED]);
  });

  it('reads 16-bit 5-5-5 and 32-bit pictures with bit fields and alpha', () => {
    // 0x7c00 red, 0x001f blue
    expect(pixels(decodeBmp(bmp({ width: 2, height: 1, bpp: 16, rows: [[0x00, 0x7c, 0x1f, 0x00]] }), 100))).toEqual([RED, BLUE]);
    const rgba = decodeBmp(
      bmp({ dib: 108, width: 2, height: 1, bpp: 32, compression: 3, masks: [0xff0000, 0xff00, 0xff, 0xff000000], rows: [[0, 0, 255, 128, 255, 0, 0, 255]] }),
      100,
    );
    expect(rgba.channels).toBe(4);
    expect(pixels(rgba)).toEqual([
      [255, 0, 0, 128],
      [0, 0, 255, 255],
    ]);
    // a 32-bit picture whose alpha bytes are all zero is opaque, not invisible
    const zeroAlpha = decodeBmp(bmp({ dib: 108, width: 1, height: 1, bpp: 32, compression: 3, masks: [0xff0000, 0xff00, 0xff, 0xff000000], rows: [[0, 255, 0, 0]] }), 100);
    expect(pixels(zeroAlpha)).toEqual([[0, 255, 0, 255]]);
    // plain BGRX without bit fields: three channels
    expect(pixels(decodeBmp(bmp({ width: 1, height: 1, bpp: 32, rows: [[255, 0, 0, 0]] }), 100))).toEqual([BLUE]);
  });

  it('refuses RLE, truncated data, lying sizes and pictures over the pixel limit', () => {
    const reason = (buf: Buffer, max = 100) => {
      try {
        decodeBmp(buf, max);
        return 'decoded';
      } catch (err) {
        return err instanceof BmpError ? err.reason : String(err);
      }
    };
    expect(reason(bmp({ width: 2, height: 1, bpp: 8, compression: 1, palette: [RED], rows: [[0, 0]] }))).toBe('unsupported');
    expect(reason(bmp({ width: 2, height: 1, bpp: 2, rows: [[0]] }))).toBe('unsupported');
    const whole = bmp({ width: 4, height: 4, bpp: 24, rows: [] });
    expect(reason(whole.subarray(0, whole.length - 1))).toBe('broken');
    const lying = Buffer.from(whole);
    lying.writeInt32LE(50_000, 18);
    lying.writeInt32LE(50_000, 22);
    expect(reason(lying, 10_000_000_000)).toBe('broken');
    expect(reason(lying, 1000)).toBe('pixels');
    expect(reason(Buffer.from('BM not really a bitmap at all'))).toBe('broken');
    expect(reason(Buffer.from('PK\u0003\u0004'))).toBe('broken');
    expect(reason(bmp({ width: 0, height: 1, bpp: 24, rows: [] }))).toBe('broken');
  });
});
