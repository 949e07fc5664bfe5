import * as React from 'react';
import { encode } from 'uqr';

/**
 * A QR code of `text` as one SVG path (uqr encodes it; no canvas, no innerHTML): the
 * authenticator app scans the otpauth:// address of the new secret from it.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const path = React.useMemo(() => {
    const { data } = encode(text, { border: 2 });
    let d = '';
    data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)));
    return { d, n: data.length };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path.n} ${path.n}`} shapeRendering="crispEdges">
      <rect width={path.n} height={path.n} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
