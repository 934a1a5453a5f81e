import { useMemo } from 'react';
import { qrGeometry } from './qr-path.ts';

/** A QR code drawn as one SVG path, `sizeMm` square. */
export function QrSvg({ value, sizeMm }: { value: string; sizeMm: number }) {
  const { size, path } = useMemo(() => qrGeometry(value), [value]);
  return (
    <svg className="qr" data-qr-value={value} viewBox={`0 0 ${size} ${size}`} width={`${sizeMm}mm`} height={`${sizeMm}mm`} shapeRendering="crispEdges">
      <title>{value}</title>
      <path d={path} fill="#000" />
    </svg>
  );
}
