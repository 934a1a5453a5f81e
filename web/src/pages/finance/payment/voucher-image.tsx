import { useEffect, useState } from 'react';
import { Image } from 'antd';
import { VOUCHER_API_PATH, voucherFileOf } from '@erp/shared';
import { API_PREFIX } from '../../../api/request.ts';
import { getSession } from '../../../auth/session.ts';
import { ImageUpload, type ImageUploadProps } from '../../../ui/upload/ImageUpload.tsx';

// 付款凭证 (issue 26) are not public files: the server gives them only to those who may see the
// payment, on the session header, which an <img> cannot send. So the picture is fetched with the
// session and shown from a blob URL (released when the component goes).

async function voucherBlobUrl(url: string, thumb: boolean, signal: AbortSignal): Promise<string | null> {
  const session = getSession();
  const res = await fetch(`${API_PREFIX}${VOUCHER_API_PATH}${voucherFileOf(url)}${thumb ? '-200.jpg' : ''}`, {
    headers: session ? { session } : {},
    signal,
  });
  return res.ok ? URL.createObjectURL(await res.blob()) : null;
}

/** The voucher's picture as a blob URL ('' while loading or when refused), or undefined without a voucher. */
export function useVoucherSrc(url: string | undefined, thumb: boolean): string | undefined {
  const [src, setSrc] = useState<string>('');
  useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    let made: string | null = null;
    voucherBlobUrl(url, thumb, controller.signal)
      .then((blobUrl) => {
        made = blobUrl;
        setSrc(blobUrl ?? '');
      })
      .catch(() => setSrc(''));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
      setSrc('');
    };
  }, [url, thumb]);
  return url ? src : undefined;
}

/** A payment's voucher in a list cell: the thumbnail, 预览 opens the full picture. */
export function VoucherThumb({ url, alt }: { url: string; alt: string }) {
  const thumb = useVoucherSrc(url, true);
  const [open, setOpen] = useState(false);
  const full = useVoucherSrc(open ? url : undefined, false);
  return (
    <Image src={thumb || undefined} width={40} height={40} style={{ objectFit: 'cover' }} alt={alt} preview={{ open, src: full || thumb || undefined, onOpenChange: setOpen }} />
  );
}

/** 付款凭证 in a form: the upload kit, shown from the private voucher route. */
export function VoucherUpload(props: Omit<ImageUploadProps, 'category' | 'thumbSrc' | 'previewSrc'>) {
  const thumb = useVoucherSrc(props.value || undefined, true);
  const full = useVoucherSrc(props.value || undefined, false);
  return <ImageUpload {...props} category="cashier/voucherImage" thumbSrc={thumb} previewSrc={full} />;
}
