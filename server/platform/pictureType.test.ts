import { describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG } from '../test/pictures';
import { pictureType } from './pictureType';

describe('pictureType', () => {
  it('reads PNG, JPEG, GIF and WebP from their first bytes', () => {
    expect(pictureType(ONE_PIXEL_PNG)).toBe('image/png');
    expect(pictureType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(pictureType(Buffer.from('GIF89a\x01\x00'))).toBe('image/gif');
    expect(pictureType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });

  it('reads AVIF and HEIC from the brands of their ftyp box', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const box = Buffer.from(`\0\0\0\0ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
      box.writeUInt32BE(box.length, 0);
      return Buffer.concat([box, Buffer.from('\0\0\0\x08meta')]);
    };
    expect(pictureType(ftyp('avif', 'mif1', 'miaf'))).toBe('image/avif');
    expect(pictureType(ftyp('mif1', 'avif'))).toBe('image/avif');
    expect(pictureType(ftyp('heic', 'mif1', 'heic'))).toBe('image/heic');
    expect(pictureType(ftyp('mif1', 'heic'))).toBe('image/heic');
    // An MP4 video is an ISO media file too, and no picture.
    expect(pictureType(ftyp('isom', 'iso2', 'mp41'))).toBeNull();
  });

  it('names nothing else, whatever it starts like', () => {
    for (const bytes of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'RIFF\x10\x00\x00\x00WAVE',
      '',
      'GIF8',
    ]) {
      expect(pictureType(Buffer.from(bytes)), bytes).toBeNull();
    }
    expect(pictureType(ONE_PIXEL_PNG.subarray(0, 7))).toBeNull();
  });
});
