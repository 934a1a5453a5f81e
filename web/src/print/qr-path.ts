import { create } from 'qrcode';

export interface QrGeometry {
  /** Modules per side, quiet zone included. */
  size: number;
  /** SVG path of the dark modules, one rectangle per horizontal run. */
  path: string;
}

/** QR code of `value` (error correction M) as an SVG path; `quiet` modules of margin round it. */
export function qrGeometry(value: string, quiet = 2): QrGeometry {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      parts.push(`M${start + quiet} ${row + quiet}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: modules.size + quiet * 2, path: parts.join('') };
}
