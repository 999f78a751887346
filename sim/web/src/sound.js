// sim/web/src/sound.js - the page's sound: the sounder pin's edges (shield.js onSound) as
// tones on a Web Audio oscillator. EdgeTones finds the tones in the edges: a run of edges
// whose half-periods agree (Timer2 CTC toggles the pin every N * (OCR2A + 1) cycles) is one
// tone at F_CPU / (2 * half-period), from its first edge to its last. The first
// half-period may be up to FIRST_SHORT shorter (a tone starts with TCNT2 = 0, but the
// prescaler runs on), so the frequency is taken from the second on. A half-period that
// differs starts the next tone, and an edge no other follows within twice its half-period
// (or MAX_HALF_MS) ends it. ToneGraph plays them: a square OscillatorNode, a gate (the
// tones' on/off, scheduled ahead), the sounder (piezoFilters: the pin's R13 into the
// piezo's capacitance, then its resonance, from build/gen/piezo.json, the figures of the
// model in tests/sim/piezo.py) and the mute, in any BaseAudioContext, the page's live
// AudioContext or a test's OfflineAudioContext. No DOM.
export const TONE_LEVEL = 0.25; // the gate's gain while a tone plays
export const MAX_HALF_MS = 20; // a longer half-period (below 25 Hz) is no tone
const AGREE = 0.01; // half-periods within 1 % (and 2 cycles) are one tone
const FIRST_SHORT = 0.05;

export class EdgeTones {
  /** onStart(cycle, hz), onEnd(cycle): each tone as it is found, in cycles since power-on. */
  constructor(fCpu, onStart, onEnd) {
    this.fCpu = fCpu;
    this.maxHalf = (MAX_HALF_MS * fCpu) / 1000;
    this.onStart = onStart;
    this.onEnd = onEnd;
    this.last = -1; // the last edge's cycle, -1 none
    // the tone under way: its first edge, the first half-period, the second edge (ref),
    // n half-periods since ref and their mean; a tone once n >= 1 (a lone edge is none)
    this.tone = null;
  }

  /** The tone playing now (0: none). */
  get hz() { return this.tone && this.tone.n >= 1 ? this.fCpu / (2 * this.tone.half) : 0; }

  _agrees(t, d) {
    if (t.n) return Math.abs(d - t.half) <= t.half * AGREE + 2;
    return d >= t.first * (1 - AGREE) - 2 && d * (1 - FIRST_SHORT) <= t.first + 2;
  }

  edge(cycle) {
    const t = this.tone, d = cycle - this.last;
    if (t && this._agrees(t, d)) {
      if (!t.n) t.ref = this.last;
      t.n++;
      t.half = (cycle - t.ref) / t.n;
      if (t.n === 1) this.onStart(t.start, this.fCpu / (2 * t.half));
    } else {
      if (t) this._end();
      if (this.last >= 0 && d > 0 && d <= this.maxHalf) this.tone = { start: this.last, first: d, ref: 0, half: d, n: 0 };
    }
    this.last = cycle;
  }

  /** Time has reached `cycle` with no edge since the last: a tone that should have toggled ends. */
  idle(cycle) {
    const t = this.tone;
    if (t && cycle - this.last > Math.min(2 * t.half, this.maxHalf)) this._end();
  }

  /** Forget the edges so far (a new chip, time standing): no tone, none open. */
  clear() {
    this.last = -1;
    this.tone = null;
  }

  _end() {
    if (this.tone.n >= 1) this.onEnd(this.last);
    this.tone = null;
  }
}

/**
 * The sounder as filters in ctx, from piezo.json's figures: R13 into the piezo's
 * capacitance (a first-order low-pass, by the bilinear transform at ctx's rate), then
 * the second-order resonance 1 / sqrt(1 + Q^2 (f/f0 - f0/f)^2), which is Web Audio's
 * band-pass (1 at f0). [first, last] to connect between.
 */
export function piezoFilters(ctx, piezo) {
  const k = 2 * ctx.sampleRate * piezo.r_ohm * piezo.c_farad;
  const rc = new IIRFilterNode(ctx, { feedforward: [1 / (1 + k), 1 / (1 + k)], feedback: [1, (1 - k) / (1 + k)] });
  const res = new BiquadFilterNode(ctx, { type: 'bandpass', frequency: piezo.resonance_hz, Q: piezo.q });
  rc.connect(res);
  return [rc, res];
}

export class ToneGraph {
  /** ctx: a BaseAudioContext; piezo: piezo.json's figures, or null for the pin's square
   * as it is; the graph starts silent, its oscillator running. */
  constructor(ctx, muted, piezo) {
    this.ctx = ctx;
    this.osc = new OscillatorNode(ctx, { type: 'square', frequency: 1000 });
    this.gate = new GainNode(ctx, { gain: 0 });
    this.mute = new GainNode(ctx, { gain: muted ? 0 : 1 });
    const [first, last] = piezo ? piezoFilters(ctx, piezo) : [this.mute, this.mute];
    this.osc.connect(this.gate).connect(first);
    if (last !== this.mute) last.connect(this.mute);
    this.mute.connect(ctx.destination);
    this.osc.start();
    this.until = 0; // the context time the last scheduled tone ends (Infinity: still open)
  }

  /** A tone of `hz` from context time t on (until end()). */
  start(t, hz) {
    this.osc.frequency.setValueAtTime(hz, t);
    this.gate.gain.setValueAtTime(TONE_LEVEL, t);
    this.until = Infinity;
  }

  end(t) {
    this.gate.gain.setValueAtTime(0, t);
    this.until = t;
  }

  /** Silent from context time t on, whatever was scheduled after it. */
  stop(t) {
    this.gate.gain.cancelScheduledValues(t);
    this.gate.gain.setValueAtTime(0, t);
    this.until = t;
  }

  setMuted(muted) { this.mute.gain.value = muted ? 0 : 1; }
}

/**
 * The edges of a recording played into a fresh OfflineAudioContext (44.1 kHz) through
 * the same EdgeTones and ToneGraph as the page's (piezo: its figures, or null for the
 * pin's square): cycle `from` is time 0, `to` the end. Resolves to the rendered samples
 * (Float32Array).
 */
export function renderEdges(edges, from, to, fCpu, muted, piezo) {
  const rate = 44100, frames = Math.ceil(((to - from) / fCpu) * rate);
  const ctx = new OfflineAudioContext({ numberOfChannels: 1, length: frames, sampleRate: rate });
  const graph = new ToneGraph(ctx, muted, piezo);
  const at = (c) => (c - from) / fCpu;
  const tones = new EdgeTones(fCpu, (c, hz) => graph.start(at(c), hz), (c) => graph.end(at(c)));
  for (const [cycle] of edges) if (cycle >= from && cycle < to) tones.edge(cycle);
  tones.idle(to);
  return ctx.startRendering().then((buf) => buf.getChannelData(0));
}
