/**
 * A small BMP decoder, since sharp (libvips) reads no BMP: uncompressed 1/4/8-bit (palette),
 * 16-bit (5-5-5 or bit fields), 24-bit and 32-bit (BGRX or bit fields with alpha), bottom-up
 * or top-down. RLE and embedded JPEG/PNG are refused. Every size is checked against the data
 * before anything is allocated, so a lying header cannot make it allocate much.
 */
export class BmpError extends Error {
  constructor(readonly reason: 'unsupported' | 'broken' | 'pixels') {
    super(`bmp: ${reason}`);
    this.name = 'BmpError';
  }
}

export interface DecodedBmp {
  width: number;
  height: number;
  channels: 3 | 4;
  /** RGB or RGBA rows, top row first */
  data: Buffer;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** Bit position and width of a channel mask, to scale its value to 0..255. */
function maskShape(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (((mask >>> (shift + bits)) & 1) === 1 && shift + bits < 32) bits++;
  return { shift, max: 2 ** bits - 1 };
}

export function decodeBmp(buf: Buffer, maxPixels: number): DecodedBmp {
  if (buf.length < 26 || buf[0] !== 0x42 || buf[1] !== 0x4d) throw new BmpError('broken');
  const dataOffset = buf.readUInt32LE(10);
  const dib = buf.readUInt32LE(14);
  if (buf.length < 14 + dib) throw new BmpError('broken');

  let width: number;
  let rawHeight: number;
  let planes: number;
  let bpp: number;
  let compression = BI_RGB;
  let colours = 0;
  let paletteEntry = 4;
  if (dib === 12) {
    width = buf.readUInt16LE(18);
    rawHeight = buf.readInt16LE(20);
    planes = buf.readUInt16LE(22);
    bpp = buf.readUInt16LE(24);
    paletteEntry = 3;
  } else if (dib >= 40) {
    width = buf.readInt32LE(18);
    rawHeight = buf.readInt32LE(22);
    planes = buf.readUInt16LE(26);
    bpp = buf.readUInt16LE(28);
    compression = buf.readUInt32LE(30);
    colours = buf.readUInt32LE(46);
  } else {
    throw new BmpError('unsupported');
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (planes !== 1 || width <= 0 || height <= 0) throw new BmpError('broken');
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new BmpError('unsupported');
  const bitfields = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  if (compression !== BI_RGB && !(bitfields && (bpp === 16 || bpp === 32))) throw new BmpError('unsupported');
  if (width * height > maxPixels) throw new BmpError('pixels');

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset < 14 + dib || dataOffset + stride * height > buf.length) throw new BmpError('broken');

  // Palette for 1/4/8 bits: after the header (and after masks that follow a 40-byte header).
  let palette: Buffer | null = null;
  if (bpp <= 8) {
    const start = 14 + dib;
    // Without a colour count the palette is full size, or whatever fits before the pixels.
    const count = colours || Math.min(2 ** bpp, Math.floor((dataOffset - start) / paletteEntry));
    if (count < 1 || count > 2 ** bpp || start + count * paletteEntry > dataOffset) throw new BmpError('broken');
    palette = Buffer.alloc(256 * 3);
    for (let i = 0; i < count; i++) {
      const at = start + i * paletteEntry;
      palette[i * 3] = buf[at + 2];
      palette[i * 3 + 1] = buf[at + 1];
      palette[i * 3 + 2] = buf[at];
    }
  }

  // Channel masks for 16/32 bits: given with BITFIELDS (right after the 40-byte header, or in a V2+ header), else the defaults.
  let masks = bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0x00ff00, 0x0000ff, 0];
  if (bitfields) {
    if (buf.length < 66 || dataOffset < 66) throw new BmpError('broken');
    const alpha = (dib >= 56 || compression === BI_ALPHABITFIELDS) && buf.length >= 70 ? buf.readUInt32LE(66) : 0;
    masks = [buf.readUInt32LE(54), buf.readUInt32LE(58), buf.readUInt32LE(62), alpha];
  }
  const shapes = masks.map(maskShape);
  const hasAlpha = bpp >= 16 && masks[3] !== 0;
  const channels: 3 | 4 = hasAlpha ? 4 : 3;

  const out = Buffer.alloc(width * height * channels);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      if (palette) {
        const bitPos = x * bpp;
        const byte = buf[row + (bitPos >> 3)];
        const index = (byte >> (8 - bpp - (bitPos & 7))) & (2 ** bpp - 1);
        out[o] = palette[index * 3];
        out[o + 1] = palette[index * 3 + 1];
        out[o + 2] = palette[index * 3 + 2];
      } else if (bpp === 24) {
        const at = row + x * 3;
        out[o] = buf[at + 2];
        out[o + 1] = buf[at + 1];
        out[o + 2] = buf[at];
      } else {
        const value = bpp === 16 ? buf.readUInt16LE(row + x * 2) : buf.readUInt32LE(row + x * 4);
        for (let c = 0; c < channels; c++) {
          const { shift, max } = shapes[c];
          const v = max === 0 ? 0 : Math.round((((value & masks[c]) >>> shift) * 255) / max);
          out[o + c] = v;
          if (c === 3 && v !== 0) anyAlpha = true;
        }
      }
    }
  }
  // Many writers leave the alpha byte at zero: an all-transparent picture is really opaque.
  if (hasAlpha && !anyAlpha) for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return { width, height, channels, data: out };
}
