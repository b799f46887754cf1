import { create } from 'qrcode';
import { useMemo } from 'react';

/** Quiet zone around the symbol, in modules (ISO/IEC 18004 asks for four; two scan fine from a phone's screen). */
const MARGIN = 2;

/**
 * A link as a QR code a customer scans from the salesperson's screen: drawn as one SVG path from the code's
 * modules, so it needs no canvas and stays sharp at any size. Error correction M survives a cracked screen.
 */
export function ShareQr({ link, alt, size = 176 }: { link: string; alt: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { modules } = create(link, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1)
      for (let col = 0; col < modules.size; col += 1)
        if (modules.get(row, col)) d += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
    return { path: d, width: modules.size + MARGIN * 2 };
  }, [link]);
  return (
    <svg
      role="img"
      aria-label={alt}
      className="share-qr"
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
