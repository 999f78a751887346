// sim/web/src/wav.js - the sounder pin's edges as sound samples, by the rule that simavr's
// `ttt-sim --wav` follows too (sim/README.md, "Sound: the WAV rule"): mono, 16-bit PCM,
// 44.1 kHz; sample n spans cycles [b(n), b(n+1)), b(n) = floor(n * F_CPU / 44100), and is
// WAV_HIGH times the share of its span the pin is high, rounded half up. Pure; the bounds
// are stepped in integers (no float, no limit on the session's length).
export const WAV_RATE = 44100;
export const WAV_HIGH = 16384; // a high pin; low (and silence) is 0
const CHUNK = 65536;

export class PinResampler {
  constructor(fCpu) {
    this.step = Math.floor(fCpu / WAV_RATE);
    this.rem = fCpu % WAV_RATE; // b(n+1) - b(n) = step, or step + 1 when the remainder carries
    this.acc = 0;
    this.start = 0; // b(n), the cycle sample n starts at
    this.end = this._next();
    this.pos = 0; // cycles of sample n counted up to here
    this.highCycles = 0;
    this.high = false;
    this.chunks = [new Int16Array(CHUNK)];
    this.fill = 0;
  }

  _next() {
    this.acc += this.rem;
    let len = this.step;
    if (this.acc >= WAV_RATE) {
      this.acc -= WAV_RATE;
      len++;
    }
    return this.start + len;
  }

  _push(v) {
    if (this.fill === CHUNK) {
      this.chunks.push(new Int16Array(CHUNK));
      this.fill = 0;
    }
    this.chunks[this.chunks.length - 1][this.fill++] = v;
  }

  /** The samples complete before `cycle` (cycles since power-on, never going back). */
  advance(cycle) {
    while (this.end <= cycle) {
      if (this.high) this.highCycles += this.end - this.pos;
      const span = this.end - this.start;
      this._push(Math.floor((WAV_HIGH * this.highCycles * 2 + span) / (2 * span)));
      this.start = this.pos = this.end;
      this.highCycles = 0;
      this.end = this._next();
    }
    if (cycle > this.pos) {
      if (this.high) this.highCycles += cycle - this.pos;
      this.pos = cycle;
    }
  }

  /** The pin is `high` from `cycle` on. */
  edge(cycle, high) {
    this.advance(cycle);
    this.high = high;
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
