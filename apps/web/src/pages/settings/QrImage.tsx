import { Spin } from 'antd';
import { useEffect, useState } from 'react';

/** A QR code of `value`; the qrcode package is loaded only when one is shown. */
export function QrImage({ value, size = 200 }: { value: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void import('qrcode').then(async (mod) => {
      const qr = (mod as unknown as { default?: typeof mod }).default ?? mod;
      const url = await qr.toDataURL(value, { width: size, margin: 1 });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!src)
    return (
      <div style={{ width: size, height: size, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin />
      </div>
    );
  return <img src={src} width={size} height={size} alt="otpauth QR code" data-testid="twofa-qr" />;
}
