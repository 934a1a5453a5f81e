import sharp, { type Sharp } from 'sharp';
import { IMAGE_MAX_PIXELS, sniffImage, THUMBNAIL_SIZE, UploadMessages } from '@erp/shared';
import { badRequest } from '../../http/app-error.ts';
import { BmpError, decodeBmp } from './bmp.ts';

// Inputs are one-off buffers: nothing to gain from libvips' operation cache.
sharp.cache(false);

export interface ProcessedImage {
  data: Buffer;
  ext: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** JPEG, longest side THUMBNAIL_SIZE (smaller pictures are not enlarged) */
  thumbnail: Buffer;
}

const BMP_UNSUPPORTED = '不支持此种 BMP 图片（仅支持未压缩的 BMP）';

function openImage(input: Buffer): { image: Sharp; asJpeg: boolean } {
  const format = sniffImage(input);
  if (!format) throw badRequest(UploadMessages.imageType);
  if (format === 'bmp') {
    try {
      const bmp = decodeBmp(input, IMAGE_MAX_PIXELS);
      return { image: sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: bmp.channels } }), asJpeg: false };
    } catch (err) {
      if (!(err instanceof BmpError)) throw err;
      if (err.reason === 'pixels') throw badRequest(UploadMessages.imageTooManyPixels);
      throw badRequest(err.reason === 'unsupported' ? BMP_UNSUPPORTED : UploadMessages.imageBroken);
    }
  }
  // autoOrient applies the EXIF orientation before the metadata is dropped
  return { image: sharp(input, { autoOrient: true, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }), asJpeg: format === 'jpeg' };
}

/**
 * Decodes the picture (type judged by its bytes) and encodes it anew, which drops EXIF, GPS,
 * XMP and anything hidden after the image data: JPEG stays JPEG, PNG and BMP become PNG.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const { image, asJpeg } = openImage(input);
  try {
    const encoded = asJpeg ? image.jpeg({ quality: 88 }) : image.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return {
      data,
      ext: asJpeg ? 'jpg' : 'png',
      contentType: asJpeg ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
      thumbnail,
    };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest(UploadMessages.imageTooManyPixels);
    throw badRequest(UploadMessages.imageBroken);
  }
}
