import type { ReactNode } from 'react';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Upload } from 'antd';
import type { UploadPathCategory, UploadResult } from '@erp/shared';
import { checkVideoFile } from './upload-rules.ts';
import { useUpload } from './use-upload.ts';
import './upload.css';

export interface VideoUploadProps {
  value?: string;
  onChange?: (url: string) => void;
  category: UploadPathCategory;
  onUploaded?: (result: UploadResult) => void;
  disabled?: boolean;
  hint?: ReactNode;
  'data-testid'?: string;
}

/** One MP4 video (up to 100 MB, checked before it is sent), shown in a player once uploaded. */
export function VideoUpload({ value, onChange, category, onUploaded, disabled, hint, 'data-testid': testId }: VideoUploadProps) {
  const { sending, beforeUpload, customRequest } = useUpload('video', category, checkVideoFile, (result) => {
    onChange?.(result.url);
    onUploaded?.(result);
  });

  return (
    <div className="erp-upload" data-testid={testId}>
      {/* biome-ignore lint/a11y/useMediaCaption: previews the video just uploaded, which comes without any caption file to attach */}
      {value ? <video className="erp-upload__video" src={value} controls preload="metadata" /> : null}
      <Space>
        <Upload accept=".mp4,video/mp4" maxCount={1} showUploadList={false} disabled={disabled || !!sending} beforeUpload={beforeUpload} customRequest={customRequest}>
          <Button icon={<UploadOutlined />} loading={!!sending} disabled={disabled}>
            {sending ? '上传中…' : value ? '重新上传' : '上传视频'}
          </Button>
        </Upload>
        {value && !disabled ? (
          <Popconfirm title="删除这个视频？" okText="删除" cancelText="取消" onConfirm={() => onChange?.('')}>
            <Button icon={<DeleteOutlined />}>删除</Button>
          </Popconfirm>
        ) : null}
      </Space>
      {hint ? <div className="erp-upload__hint">{hint}</div> : null}
    </div>
  );
}
