import { describe, expect, it } from 'vitest';
import { pickVideoFile } from './pickVideoFile';

const hd = { quality: 'hd', file_type: 'video/mp4', link: 'https://videos.example/hd.mp4' };
const sdWebm = { quality: 'sd', file_type: 'video/webm', link: 'https://videos.example/sd.webm' };
const sd = { quality: 'sd', file_type: 'video/mp4', link: 'https://videos.example/sd.mp4' };
const sd2 = { quality: 'sd', file_type: 'video/mp4', link: 'https://videos.example/sd-2.mp4' };

describe('pickVideoFile', () => {
  it('picks the sd MP4 wherever it is in the list', () => {
    expect(pickVideoFile({ video_files: [hd, sdWebm, sd] })).toBe(sd);
    expect(pickVideoFile({ video_files: [sd, hd] })).toBe(sd);
  });

  it('takes the first sd MP4 when there are several', () => {
    expect(pickVideoFile({ video_files: [hd, sd2, sd] })).toBe(sd2);
  });

  it('falls back to the first file when there is no sd MP4', () => {
    expect(pickVideoFile({ video_files: [hd, sdWebm] })).toBe(hd);
    expect(pickVideoFile({ video_files: [sdWebm] })).toBe(sdWebm);
  });

  it('gives null for a video without files', () => {
    expect(pickVideoFile({ video_files: [] })).toBeNull();
  });
});
