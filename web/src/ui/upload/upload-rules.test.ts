import { describe, expect, it } from 'vitest';
import { checkImageFile, checkVideoFile, uploadFailedMessage } from './upload-rules.ts';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const blob = (head: number[] | string, size = 1024) => {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === 'string' ? [...head].map((c) => c.charCodeAt(0)) : head);
  return new Blob([bytes]);
};

describe('checks before an upload is sent', () => {
  it('judges an image by its bytes, then its size (under 5 MB)', async () => {
    expect(await checkImageFile(blob(PNG_HEAD))).toBeNull();
    expect(await checkImageFile(blob([0xff, 0xd8, 0xff, 0xe1]))).toBeNull();
    expect(await checkImageFile(blob('<svg xmlns="http://www.w3.org/2000/svg">'))).toBe('只能上传 png、jpeg、jpg、bmp 格式的图片');
    expect(await checkImageFile(blob(PNG_HEAD, 5 * 1024 * 1024 - 1))).toBeNull();
    expect(await checkImageFile(blob(PNG_HEAD, 5 * 1024 * 1024))).toBe('上传文件大小不能超过 5MB!!');
    expect(await checkImageFile(new Blob([]))).toBe('上传的文件是空的');
  });

  it('takes MP4 videos only', async () => {
    const ftyp = [0, 0, 0, 24, ...[...'ftypisom'].map((c) => c.charCodeAt(0)), 0, 0, 2, 0, ...[...'isommp41'].map((c) => c.charCodeAt(0))];
    expect(await checkVideoFile(blob(ftyp))).toBeNull();
    expect(await checkVideoFile(blob(PNG_HEAD))).toBe('只能上传 mp4 格式的视频');
  });

  it('says 上传失败！ with the reason', () => {
    expect(uploadFailedMessage('只能上传 mp4 格式的视频')).toBe('上传失败！只能上传 mp4 格式的视频');
    expect(uploadFailedMessage('')).toBe('上传失败！');
    expect(uploadFailedMessage(undefined)).toBe('上传失败！');
  });
});
