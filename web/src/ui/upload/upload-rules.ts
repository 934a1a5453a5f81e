import { isImageSizeAllowed, isMp4, isVideoSizeAllowed, Messages, sniffImage, UploadMessages, type UploadPathCategory, type UploadResult } from '@erp/shared';
import { http } from '../../api/request.ts';

/** What a picked file must pass before it is sent (SPEC §5): the same rules the server applies. */
async function head(file: Blob, bytes = 64): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

/** null when the image may be sent; otherwise the message to show. The type is judged by the bytes. */
export async function checkImageFile(file: Blob): Promise<string | null> {
  if (file.size === 0) return UploadMessages.emptyFile;
  if (!sniffImage(await head(file))) return UploadMessages.imageType;
  if (!isImageSizeAllowed(file.size)) return UploadMessages.imageTooLarge;
  return null;
}

export async function checkVideoFile(file: Blob): Promise<string | null> {
  if (file.size === 0) return UploadMessages.emptyFile;
  if (!isMp4(await head(file))) return UploadMessages.videoType;
  if (!isVideoSizeAllowed(file.size)) return UploadMessages.videoTooLarge;
  return null;
}

/** SPEC §8 上传失败！, followed by the server's reason when there is one. */
export function uploadFailedMessage(reason: string | null | undefined): string {
  const text = reason?.trim();
  return text && text !== Messages.uploadFailed ? `${Messages.uploadFailed}${text}` : Messages.uploadFailed;
}

export type UploadKind = 'image' | 'video';

const ENDPOINTS: Record<UploadKind, string> = {
  image: '/erp/api/v1/common/uploadImg',
  video: '/erp/api/v1/common/uploadVideo',
};

/** POST the file with its path category; the caller shows the toasts. */
export function sendUpload(kind: UploadKind, category: UploadPathCategory, file: File, signal?: AbortSignal): Promise<UploadResult> {
  return http.upload<UploadResult>(ENDPOINTS[kind], { path: category, file }, { toast: false, signal });
}
