// sim/web/src/wav.js - the sounder pin's edges as sound samples, by the rule of simavr's
// `ttt-sim --wav` (sim/sound_wav.c; sim/README.md, "Sound: --wav FILE"), operation for
// operation in doubles, so equal edges give equal files: mono, 16-bit PCM, 44.1 kHz; each
// sample the pin's level (0/1 as -1/+1) averaged over its 1/44100 s (a box filter on the
// exact edge times), a first-order 20 Hz high-pass, times WAV_AMPLITUDE, rounded half away
// from zero. Pure.
export const WAV_RATE = 44100;
export const WAV_AMPLITUDE = 12000; // a toggling pin's swing; its start peaks at twice
const HIGHPASS_R = 1.0 - (2.0 * Math.PI * 20.0) / WAV_RATE;
const CHUNK = 65536;

export class PinResampler {
  constructor(fCpu) {
    this.cyclesPerSample = fCpu / WAV_RATE;
    this.t = 0; // the cycle accounted up to
    this.high = 0; // cycles the pin was high in the sample under way
    this.sample = 0; // the sample under way
    this.level = false;
    this.x1 = -1.0; // the high-pass's last input (a pin low from the start) and output
    this.y1 = 0.0;
    this.chunks = [new Int16Array(CHUNK)];
    this.fill = 0;
  }

  _emit() {
    const x = (2.0 * this.high) / this.cyclesPerSample - 1.0;
    const y = x - this.x1 + HIGHPASS_R * this.y1;
    this.x1 = x;
    this.y1 = y;
    const a = y * WAV_AMPLITUDE, v = a < 0 ? -Math.round(-a) : Math.round(a); // C's round()
    if (this.fill === CHUNK) {
      this.chunks.push(new Int16Array(CHUNK));
      this.fill = 0;
    }
    this.chunks[this.chunks.length - 1][this.fill++] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    this.sample++;
    this.high = 0;
  }

  /** The samples complete before `cycle` (cycles since power-on, never going back). */
  advance(cycle) {
    let end;
    while ((end = (this.sample + 1) * this.cyclesPerSample) <= cycle) {
      if (this.level) this.high += end - this.t;
      this.t = end;
      this._emit();
    }
    if (this.level) this.high += cycle - this.t;
    this.t = cycle;
  }

  /** The pin is `high` from `cycle` on. */
  edge(cycle, high) {
    this.advance(cycle);
    this.level = high;
  }

  get length() { return (this.chunks.length - 1) * CHUNK + this.fill; }

  /** Every complete sample so far, as one Int16Array. */
  samples() {
    const out = new Int16Array(this.length);
    this.chunks.forEach((c, i) => out.set(i < this.chunks.length - 1 ? c : c.subarray(0, this.fill), i * CHUNK));
    return out;
  }
}

/** A mono 16-bit PCM WAV file of `samples` (Int16Array) at WAV_RATE, little-endian. */
export function wavBytes(samples) {
  const data = samples.length * 2, buf = new ArrayBuffer(44 + data), v = new DataView(buf);
  const text = (at, s) => { for (let i = 0; i < s.length; i++) v.setUint8(at + i, s.charCodeAt(i)); };
  text(0, 'RIFF');
  v.setUint32(4, 36 + data, true);
  text(8, 'WAVEfmt ');
  v.setUint32(16, 16, true); // fmt chunk size
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, WAV_RATE, true);
  v.setUint32(28, WAV_RATE * 2, true); // bytes per second
  v.setUint16(32, 2, true); // bytes per frame
  v.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  v.setUint32(40, data, true);
  samples.forEach((x, i) => v.setInt16(44 + 2 * i, x, true));
  return new Uint8Array(buf);
}
