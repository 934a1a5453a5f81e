import { describe, expect, it } from 'vitest';
import { checkSysBasicInfo, fileKeyFromUrl, isImageSizeAllowed, isMp4, isUploadPathCategory, sniffImage } from './uploads.ts';

const bytes = (...values: (number | string)[]) => Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('upload rules', () => {
  it('knows the eight path categories and nothing else', () => {
    expect(isUploadPathCategory('cashier/voucherImage')).toBe(true);
    expect(isUploadPathCategory('cashier/voucherimage')).toBe(false);
    expect(isUploadPathCategory('../etc')).toBe(false);
    expect(isUploadPathCategory(undefined)).toBe(false);
  });

  it('judges images by their first bytes', () => {
    expect(sniffImage(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImage(bytes('BM', ...Array(12).fill(0), 40, 0, 0, 0))).toBe('bmp');
    expect(sniffImage(bytes('BM', ...Array(12).fill(0), 99, 0, 0, 0))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(bytes('<!DOCTYPE html><html>'))).toBeNull();
    expect(sniffImage(bytes('GIF89a'))).toBeNull();
    expect(sniffImage(bytes())).toBeNull();
  });

  it('takes MP4 by its ftyp brands, not QuickTime', () => {
    const ftyp = (major: string, compatible: string) => bytes(0, 0, 0, 24, 'ftyp', major, 0, 0, 2, 0, compatible, 'mp41');
    expect(isMp4(ftyp('isom', 'isom'))).toBe(true);
    expect(isMp4(ftyp('XAVC', 'mp42'))).toBe(true);
    expect(isMp4(ftyp('qt  ', 'qt  ').slice(0, 20))).toBe(false);
    expect(isMp4(bytes(0, 0, 0, 24, 'moov', 'isom', 0, 0, 0, 0, 'isom', 'mp41'))).toBe(false);
  });

  it('keeps images under 5 MB: exactly 5 MB is refused', () => {
    expect(isImageSizeAllowed(5 * 1024 * 1024 - 1)).toBe(true);
    expect(isImageSizeAllowed(5 * 1024 * 1024)).toBe(false);
    expect(isImageSizeAllowed(0)).toBe(false);
  });

  it('reads our file URLs only, never a thumbnail', () => {
    const key = `${'0a'.repeat(16)}.png`;
    expect(fileKeyFromUrl(`/files/${key}`)).toBe(key);
    expect(fileKeyFromUrl(`/files/${key}-200.jpg`)).toBeNull();
    expect(fileKeyFromUrl(`https://x.example/files/${key}`)).toBeNull();
    expect(fileKeyFromUrl('/files/../secret.png')).toBeNull();
  });
});

describe('system basic info rules', () => {
  const form = { titleName: '衣尚', logoUrl: '', icp: '', mpsIcp: '' };
  it('gives the first problem in form order', () => {
    expect(checkSysBasicInfo(form)).toBeNull();
    expect(checkSysBasicInfo({ ...form, titleName: ' ' })).toBe('请输入系统名称');
    expect(checkSysBasicInfo({ ...form, titleName: 'a'.repeat(40) })).toBeNull();
    expect(checkSysBasicInfo({ ...form, titleName: 'a'.repeat(41) })).toBe('系统名称不能超过 40 个字符');
    expect(checkSysBasicInfo({ ...form, logoUrl: 'data:image/png;base64,AAAA' })).toBe('Logo 须为本系统上传的图片');
    expect(checkSysBasicInfo({ ...form, icp: 'x'.repeat(64) })).toBeNull();
    expect(checkSysBasicInfo({ ...form, icp: 'x'.repeat(65) })).toBe('ICP 备案号不能超过 64 个字符');
    expect(checkSysBasicInfo({ ...form, mpsIcp: 'x'.repeat(65) })).toBe('公安备案号不能超过 64 个字符');
  });
});
