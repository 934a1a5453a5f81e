import { IMAGE_UPLOAD_MAX_BYTES } from './limits.ts';

/** Uploads (SPEC §3, §5, §7) and the system basic info that shows an uploaded logo (SPEC §3). */

/** The `path` field of an upload: what the file is for (SPEC §3). */
export const UPLOAD_PATH_CATEGORIES = [
  'product/baseimage',
  'shop/baseimage',
  'shop/planimage',
  'shop/guidimage',
  'online/main',
  'online/details',
  'online/size',
  'cashier/voucherImage',
] as const;
export type UploadPathCategory = (typeof UPLOAD_PATH_CATEGORIES)[number];

export function isUploadPathCategory(value: unknown): value is UploadPathCategory {
  return typeof value === 'string' && (UPLOAD_PATH_CATEGORIES as readonly string[]).includes(value);
}

/** Videos (mp4) may be this large; images must stay under IMAGE_UPLOAD_MAX_BYTES (5 MB). */
export const VIDEO_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** Width × height an uploaded image may have (decoding cost bound). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side of the `-200.jpg` thumbnail (SPEC §9). */
export const THUMBNAIL_SIZE = 200;

export const UploadMessages = {
  /** SPEC §5, character for character */
  imageTooLarge: '上传文件大小不能超过 5MB!!',
  imageType: '只能上传 png、jpeg、jpg、bmp 格式的图片',
  imageBroken: '图片文件已损坏或无法识别',
  imageTooManyPixels: '图片尺寸过大，宽×高不能超过 4000 万像素',
  videoTooLarge: '上传视频大小不能超过 100MB',
  videoType: '只能上传 mp4 格式的视频',
  oneFile: '一次只能上传一个文件',
  noFile: '请选择要上传的文件',
  emptyFile: '上传的文件是空的',
  badPath: '上传分类不正确',
  badForm: '上传内容不正确',
} as const;

export interface UploadResult {
  id: number;
  url: string;
  /** images only: the original URL + `-200.jpg` */
  thumbnailUrl?: string;
}

/** Uploaded files are served here (outside the API prefix, so URLs survive a prefix change). */
export const FILES_URL_PREFIX = '/files/';
/** Server-chosen storage keys: 32 hex digits and the extension of the stored format. */
export const FILE_KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|mp4)$/;

/** The storage key of one of our file URLs (never a thumbnail), or null. */
export function fileKeyFromUrl(url: string): string | null {
  if (!url.startsWith(FILES_URL_PREFIX)) return null;
  const key = url.slice(FILES_URL_PREFIX.length);
  return FILE_KEY_PATTERN.test(key) ? key : null;
}

export type ImageFormat = 'png' | 'jpeg' | 'bmp';

/** A byte of a header whose length was checked; 0 past the end. */
const byteAt = (bytes: Uint8Array, at: number): number => bytes[at] ?? 0;

/** The image format by its first bytes (never by name or mime type); null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 18 && b[0] === 0x42 && b[1] === 0x4d) {
    // BITMAPFILEHEADER then a DIB header of a known size
    const dib = byteAt(b, 14) | (byteAt(b, 15) << 8) | (byteAt(b, 16) << 16) | (byteAt(b, 17) << 24);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib)) return 'bmp';
  }
  return null;
}

const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4']);

/** An MP4 starts with an `ftyp` box whose major or a compatible brand is an MP4 brand (QuickTime and 3GP are not). */
export function isMp4(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const text = (from: number) => String.fromCharCode(byteAt(bytes, from), byteAt(bytes, from + 1), byteAt(bytes, from + 2), byteAt(bytes, from + 3));
  if (text(4) !== 'ftyp') return false;
  const boxSize = ((byteAt(bytes, 0) << 24) | (byteAt(bytes, 1) << 16) | (byteAt(bytes, 2) << 8) | byteAt(bytes, 3)) >>> 0;
  if (boxSize < 16 || boxSize > 4096 || boxSize % 4 !== 0) return false;
  const brands = [text(8)];
  for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) brands.push(text(at));
  return brands.some((brand) => MP4_BRANDS.has(brand));
}

/** SPEC §5: "under 5 MB", so exactly 5 MB is refused too. */
export function isImageSizeAllowed(size: number): boolean {
  return size > 0 && size < IMAGE_UPLOAD_MAX_BYTES;
}

export function isVideoSizeAllowed(size: number): boolean {
  return size > 0 && size <= VIDEO_UPLOAD_MAX_BYTES;
}

/** System basic info (SPEC §3): the login page and the shell header show it. */
export interface SysBasicInfoForm {
  titleName: string;
  /** '' or one of our uploaded images (FILES_URL_PREFIX + key) */
  logoUrl: string;
  icp: string;
  mpsIcp: string;
}

export const SYS_TITLE_MAX = 40;
export const SYS_ICP_MAX = 64;

export const SysInfoMessages = {
  titleRequired: '请输入系统名称',
  titleTooLong: `系统名称不能超过 ${SYS_TITLE_MAX} 个字符`,
  icpTooLong: `ICP 备案号不能超过 ${SYS_ICP_MAX} 个字符`,
  mpsIcpTooLong: `公安备案号不能超过 ${SYS_ICP_MAX} 个字符`,
  logoInvalid: 'Logo 须为本系统上传的图片',
  saved: '系统信息已保存',
} as const;

/** Trims the fields and returns the first problem in form order, or null. */
export function checkSysBasicInfo(form: SysBasicInfoForm): string | null {
  const titleName = form.titleName.trim();
  if (!titleName) return SysInfoMessages.titleRequired;
  if (titleName.length > SYS_TITLE_MAX) return SysInfoMessages.titleTooLong;
  const logoUrl = form.logoUrl.trim();
  if (logoUrl && !fileKeyFromUrl(logoUrl)) return SysInfoMessages.logoInvalid;
  if (form.icp.trim().length > SYS_ICP_MAX) return SysInfoMessages.icpTooLong;
  if (form.mpsIcp.trim().length > SYS_ICP_MAX) return SysInfoMessages.mpsIcpTooLong;
  return null;
}
