import type { Video } from './contracts/media';

type VideoFile = Video['video_files'][number];

/**
 * spec §2: the file a background plays: the `sd` MP4 (small enough to stream behind the board,
 * and MP4 plays everywhere), else whichever file comes first. Null when the video has no files.
 */
export function pickVideoFile(video: Pick<Video, 'video_files'>): VideoFile | null {
  const files = video.video_files;
  return (
    files.find((file) => file.quality === 'sd' && file.file_type === 'video/mp4') ??
    files[0] ??
    null
  );
}
