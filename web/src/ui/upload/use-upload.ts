import { useState } from 'react';
import { Upload, type UploadProps } from 'antd';
import { Messages, type UploadPathCategory, type UploadResult } from '@erp/shared';
import { ApiError } from '../../api/request.ts';
import { toast } from '../../api/feedback.ts';
import { sendUpload, uploadFailedMessage, type UploadKind } from './upload-rules.ts';

type Check = (file: File) => Promise<string | null>;

/**
 * The behaviour both upload components share: check the file before sending (a refused file
 * never leaves the browser), one request at a time, and the SPEC §8 toasts 上传成功！ / 上传失败！.
 */
export function useUpload(kind: UploadKind, category: UploadPathCategory, check: Check, onUploaded: (result: UploadResult) => void) {
  const [sending, setSending] = useState<string | null>(null);

  const beforeUpload: UploadProps['beforeUpload'] = async (file) => {
    const problem = await check(file);
    if (!problem) return true;
    toast().error(problem);
    return Upload.LIST_IGNORE;
  };

  const customRequest: NonNullable<UploadProps['customRequest']> = (options) => {
    const file = options.file as File;
    const controller = new AbortController();
    setSending(file.name || '文件');
    sendUpload(kind, category, file, controller.signal).then(
      (result) => {
        setSending(null);
        toast().success(Messages.uploadOk);
        onUploaded(result);
        options.onSuccess?.(result);
      },
      (err: unknown) => {
        setSending(null);
        const aborted = err instanceof ApiError && err.kind === 'aborted';
        if (!aborted) toast().error(uploadFailedMessage(err instanceof ApiError ? err.msg : null));
        options.onError?.(err instanceof Error ? err : new Error(String(err)));
      },
    );
    return { abort: () => controller.abort() };
  };

  return { sending, beforeUpload, customRequest };
}
