/** An RGB colour, 0–255 each. */
export type Rgb = readonly [number, number, number];

/**
 * A square 24-bit BMP painted pixel by pixel (x, y from the bottom-left, as BMP stores rows).
 * Uploads take it and the server re-encodes it to PNG with a -200.jpg thumbnail.
 */
export function bmpImage(size: number, paint: (x: number, y: number, size: number) => Rgb): Buffer {
  const stride = Math.ceil((size * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * size);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(size, 18);
  out.writeInt32LE(size, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = 54 + y * stride + x * 3;
      const [r, g, b] = paint(x, y, size);
      out[at] = b;
      out[at + 1] = g;
      out[at + 2] = r;
    }
  }
  return out;
}
