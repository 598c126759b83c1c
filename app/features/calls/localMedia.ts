import type { Facing, MicState, VideoProblem } from './callMedia';

// This device's microphone, cameras, screen and speakers, as the browser hands them out.

/** Why the browser would not open a microphone or a camera, from the error it threw. */
export function problemOf(error: unknown): Exclude<MicState, 'on'> {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'unavailable';
}

/** Why a screen could not be shared, or null when the person closed the browser's picker. */
export function screenProblemOf(error: unknown): VideoProblem | null {
  // Closing the browser's picker is a choice, not a problem.
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'AbortError' ? null : problemOf(error);
}

export async function openMicrophone(deviceId: string | null) {
  return navigator.mediaDevices.getUserMedia({
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    },
  });
}

export async function openCamera(facing: Facing | null) {
  return navigator.mediaDevices.getUserMedia({
    video: {
      // The most any call sends (videoCaps.ts); smaller calls scale it down on the way out.
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 30, max: 30 },
      ...(facing ? { facingMode: { exact: facing } } : {}),
    },
  });
}

/** A screen, a window or a tab, as the person picks it in the browser's picker. */
export async function openScreen() {
  return navigator.mediaDevices.getDisplayMedia({
    video: { frameRate: { ideal: 15, max: 15 } },
    audio: false,
  });
}

/** Plays `audio` on the speaker `deviceId`, where the browser lets a page choose (setSinkId). */
export async function playOn(audio: HTMLAudioElement, deviceId: string) {
  const sinkable = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };
  await sinkable.setSinkId?.(deviceId);
}
