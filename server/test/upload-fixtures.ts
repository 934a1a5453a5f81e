import sharp from 'sharp';

/** Test helpers: multipart bodies built byte by byte, and small pictures and videos. */
export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----erpTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PNG carrying EXIF (with GPS) that must not survive the upload. */
export function pngWithExif(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 15/1 0/1' } })
    .toBuffer();
}

/** A JPEG photographed "sideways" (EXIF orientation 6) with GPS in its EXIF. */
export function jpegWithGps(width = 300, height = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc3333' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 15/1 0/1' } })
    .toBuffer();
}

/** A 24-bit bottom-up BMP whose pixel (x, y) is `colour(x, y)` as [r, g, b]. */
export function bmp24(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      out[row + x * 3] = b;
      out[row + x * 3 + 1] = g;
      out[row + x * 3 + 2] = r;
    }
  }
  return out;
}

/** Enough of an MP4 for the type check: an `ftyp` box (isom) and an empty `mdat`. */
export function fakeMp4(brand = 'isom', payloadBytes = 4096): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write(brand, 16, 'latin1');
  ftyp.write(brand === 'qt  ' ? 'qt  ' : 'mp41', 20, 'latin1');
  const mdat = Buffer.alloc(8 + payloadBytes, 7);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}
