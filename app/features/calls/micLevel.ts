// Above this audio level (0-1, about -30 dBov) someone counts as speaking.
export const SPEAKING_LEVEL = 0.03;

/** My microphone's level through Web Audio (it may have no connection to read it from). */
export class MicLevel {
  private analyser: { context: AudioContext; node: AnalyserNode } | null = null;

  /** Listens to `stream` from now on (to nothing when null). */
  watch(stream: MediaStream | null) {
    this.stop();
    if (!stream || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const node = context.createAnalyser();
    node.fftSize = 512;
    context.createMediaStreamSource(stream).connect(node);
    this.analyser = { context, node };
  }

  /** The level now (root mean square of the samples, 0-1); 0 when not listening. */
  read() {
    if (!this.analyser) return 0;
    const samples = new Float32Array(this.analyser.node.fftSize);
    this.analyser.node.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    return Math.sqrt(sum / samples.length);
  }

  stop() {
    void this.analyser?.context.close();
    this.analyser = null;
  }
}
