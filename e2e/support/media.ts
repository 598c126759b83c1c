import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../playwright.config';

/**
 * Chromium with a fake microphone and camera that it grants by itself, and WebRTC allowed
 * between pages of one machine (loopback addresses, no mDNS names): for the call tests.
 */
export const mediaLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
    '--disable-features=WebRtcHideLocalIpsWithMdns',
    '--autoplay-policy=no-user-gesture-required',
  ],
};

/**
 * A small camera for the tests with cameras on: 320 × 180 at 15 frames a second, a bar moving
 * over a gradient, written as a Y4M file that Chromium's fake camera plays in a loop. Its own
 * test pattern is 1280 × 720 at 30, and every page encodes and decodes video in software on the
 * machine's two cores beside the other tests: that much made pages stall.
 */
function fakeCameraFile() {
  const [width, height, frames] = [320, 180, 30];
  const file = path.join(os.tmpdir(), `tripmates-fake-camera-${width}x${height}.y4m`);
  if (fs.existsSync(file)) return file;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`);
  const chunks = [header];
  for (let frame = 0; frame < frames; frame++) {
    const luma = Buffer.alloc(width * height);
    const bar = Math.round((frame / frames) * width);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        luma[y * width + x] = Math.abs(x - bar) < 12 ? 235 : 40 + Math.round((y / height) * 120);
      }
    }
    const chroma = Buffer.alloc((width / 2) * (height / 2), 128 + frame);
    chunks.push(Buffer.from('FRAME\n'), luma, chroma, Buffer.alloc(chroma.length, 160));
  }
  const temporary = `${file}.${process.pid}`;
  fs.writeFileSync(temporary, Buffer.concat(chunks));
  fs.renameSync(temporary, file);
  return file;
}

export const videoLaunchOptions = {
  ...mediaLaunchOptions,
  args: [...mediaLaunchOptions.args, `--use-file-for-fake-video-capture=${fakeCameraFile()}`],
};

declare global {
  interface Window {
    /** Every RTCPeerConnection the page made (the tests read their statistics). */
    __peerConnections?: RTCPeerConnection[];
  }
}

/**
 * Keeps each RTCPeerConnection the page makes where the test can read its statistics, the way
 * chrome://webrtc-internals does: the app itself is unchanged.
 */
export async function watchPeerConnections(context: BrowserContext) {
  // As text: a function would be sent as its source, which some transpilers (tsx, for the
  // benchmarks) dress with helpers the page does not have.
  await context.addInitScript(`
    const Native = window.RTCPeerConnection;
    const made = [];
    window.__peerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration) {
        super(configuration);
        made.push(this);
      }
    };
  `);
}

export type AudioIn = {
  /** Open connections. */
  connections: number;
  /** Audio bytes received, over all open connections. */
  bytes: number;
  /** Sum of the received audio's energy (grows while sound comes in, not during silence). */
  energy: number;
  /** Whether a relayed (TURN) path carries an open connection. */
  relayed: boolean;
};

/** What the page receives now, from the statistics of its open peer connections. */
export function audioIn(page: Page): Promise<AudioIn> {
  return page.evaluate(async () => {
    const open = (window.__peerConnections ?? []).filter((pc) => pc.connectionState !== 'closed');
    const result = { connections: open.length, bytes: 0, energy: 0, relayed: false };
    for (const pc of open) {
      const stats = await pc.getStats();
      const byId = new Map<string, Record<string, unknown>>();
      stats.forEach((report) => {
        byId.set(report.id, report);
      });
      stats.forEach((report) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') {
          result.bytes += report.bytesReceived ?? 0;
          result.energy += report.totalAudioEnergy ?? 0;
        }
        if (report.type === 'candidate-pair' && report.nominated && report.state === 'succeeded') {
          const local = byId.get(report.localCandidateId);
          if (local?.candidateType === 'relay') result.relayed = true;
        }
      });
    }
    return result;
  });
}

/**
 * The energy of the audio the page received over a window of `windowMs`: above zero while
 * someone's microphone sends sound, zero while they are muted. A measurement over a window, not
 * a wait for something to happen: Chromium's fake microphone beeps about once a second, so a
 * window of 1.5 s holds at least one beep.
 */
export async function energyOver(page: Page, windowMs = 1500) {
  const before = await audioIn(page);
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), windowMs);
  const after = await audioIn(page);
  return after.energy - before.energy;
}

/** The video the page receives now: frames decoded and bytes, over all open connections. */
export function videoIn(page: Page): Promise<{ framesDecoded: number; bytes: number }> {
  return page.evaluate(async () => {
    const open = (window.__peerConnections ?? []).filter((pc) => pc.connectionState !== 'closed');
    const result = { framesDecoded: 0, bytes: 0 };
    for (const pc of open) {
      const stats = await pc.getStats();
      stats.forEach((report) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') {
          result.framesDecoded += report.framesDecoded ?? 0;
          result.bytes += report.bytesReceived ?? 0;
        }
      });
    }
    return result;
  });
}
