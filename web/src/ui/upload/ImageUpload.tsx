import { useState, type ReactNode } from 'react';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Image, Upload, type UploadFile } from 'antd';
import { thumbnailUrl, type UploadPathCategory, type UploadResult } from '@erp/shared';
import { checkImageFile } from './upload-rules.ts';
import { useUpload } from './use-upload.ts';
import './upload.css';

export interface ImageUploadProps {
  /** the image's URL ('' or undefined: none); Form.Item passes it */
  value?: string;
  onChange?: (url: string) => void;
  /** SPEC §3 upload path category */
  category: UploadPathCategory;
  /** the whole answer, for forms that keep the upload id */
  onUploaded?: (result: UploadResult) => void;
  disabled?: boolean;
  /** text under the picture box */
  hint?: ReactNode;
  /** shown instead of the URL's own thumbnail / full picture (a private file fetched with the session) */
  thumbSrc?: string;
  previewSrc?: string;
  'data-testid'?: string;
}

const ACCEPT = '.png,.jpg,.jpeg,.bmp,image/png,image/jpeg,image/bmp';

/**
 * One image (SPEC §5): png, jpeg, jpg or bmp, judged by its bytes, under 5 MB, checked before it
 * is sent. Shows the -200.jpg thumbnail, opens the full picture on 预览, and 删除 clears the value.
 */
export function ImageUpload({ value, onChange, category, onUploaded, disabled, hint, thumbSrc, previewSrc, 'data-testid': testId }: ImageUploadProps) {
  const [previewOpen, setPreviewOpen] = useState(false);
  const { sending, beforeUpload, customRequest } = useUpload('image', category, checkImageFile, (result) => {
    onChange?.(result.url);
    onUploaded?.(result);
  });

  const fileList: UploadFile[] = sending
    ? [{ uid: 'sending', name: sending, status: 'uploading', percent: 60 }]
    : value
      ? [{ uid: value, name: value.slice(value.lastIndexOf('/') + 1), status: 'done', url: previewSrc ?? value, thumbUrl: thumbSrc ?? thumbnailUrl(value) }]
      : [];

  return (
    <div className="erp-upload" data-testid={testId}>
      <Upload
        accept={ACCEPT}
        listType="picture-card"
        maxCount={1}
        multiple={false}
        fileList={fileList}
        disabled={disabled || !!sending}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={() => setPreviewOpen(true)}
        onRemove={() => {
          onChange?.('');
          return true;
        }}
      >
        {fileList.length === 0 ? (
          <div className="erp-upload__trigger">
            {sending ? <LoadingOutlined /> : <PlusOutlined />}
            <div>上传图片</div>
          </div>
        ) : null}
      </Upload>
      {hint ? <div className="erp-upload__hint">{hint}</div> : null}
      {value ? (
        // the preview is portalled to the body; only the inline image stays hidden
        <div hidden>
          <Image src={previewSrc ?? value} preview={{ open: previewOpen, src: previewSrc ?? value, onOpenChange: setPreviewOpen }} />
        </div>
      ) : null}
    </div>
  );
}
