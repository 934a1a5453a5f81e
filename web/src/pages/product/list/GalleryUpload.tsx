import { useState } from 'react';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Image, Upload, type UploadFile } from 'antd';
import { ProductLimits, thumbnailUrl } from '@erp/shared';
import { checkImageFile } from '../../../ui/upload/upload-rules.ts';
import { useUpload } from '../../../ui/upload/use-upload.ts';
import '../../../ui/upload/upload.css';

export interface GalleryUploadProps {
  /** image URLs in display order */
  value?: string[];
  onChange?: (urls: string[]) => void;
  disabled?: boolean;
}

/** 图片集: up to 9 product images (same checks and thumbnails as the single image upload). */
export function GalleryUpload({ value, onChange, disabled }: GalleryUploadProps) {
  const urls = value ?? [];
  const [preview, setPreview] = useState<string | null>(null);
  const { sending, beforeUpload, customRequest } = useUpload('image', 'product/baseimage', checkImageFile, (result) => onChange?.([...urls, result.url]));

  const fileList: UploadFile[] = urls.map((url, index) => ({
    uid: `${index}:${url}`,
    name: url.slice(url.lastIndexOf('/') + 1),
    status: 'done',
    url,
    thumbUrl: thumbnailUrl(url),
  }));
  if (sending) fileList.push({ uid: 'sending', name: sending, status: 'uploading', percent: 60 });
  const full = urls.length >= ProductLimits.galleryMax;

  return (
    <div className="erp-upload" data-testid="product-form-gallery">
      <Upload
        accept=".png,.jpg,.jpeg,.bmp,image/png,image/jpeg,image/bmp"
        listType="picture-card"
        multiple={false}
        fileList={fileList}
        disabled={disabled || !!sending}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={(file) => setPreview(file.url ?? null)}
        onRemove={(file) => {
          onChange?.(urls.filter((_, index) => `${index}:${urls[index]}` !== file.uid));
          return true;
        }}
      >
        {full || sending ? null : (
          <div className="erp-upload__trigger">
            {sending ? <LoadingOutlined /> : <PlusOutlined />}
            <div>上传图片</div>
          </div>
        )}
      </Upload>
      <div className="erp-upload__hint">
        最多{ProductLimits.galleryMax}张，已上传 {urls.length} 张；png / jpg / bmp，5MB 以内
      </div>
      {preview ? (
        <div hidden>
          <Image src={preview} preview={{ open: true, src: preview, onOpenChange: (open) => (open ? undefined : setPreview(null)) }} />
        </div>
      ) : null}
    </div>
  );
}
