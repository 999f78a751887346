// sim/web/src/trace.js - ttt-sim-js --trace FILE.vcd: the signals ttt-sim traces (LED
// rows and colour columns, key rows and columns, DDRC, UART bytes both ways) as a VCD
// for GTKWave, time in ns from power-on. Node only (writes a file).
import fs from 'node:fs';

const NS_PER_CYCLE = 62.5; // 16 MHz

export class Trace {
  constructor(path, board, pins) {
    this.fd = fs.openSync(path, 'w');
    this.board = board;
    this.signals = [];
    const pin = (name, p) => this.signals.push({ name, width: 1, read: () => this._pin(p) });
    for (let i = 0; i < 3; i++) {
      pin(`led_row${i}`, pins.ledRows[i]);
      pin(`led_c${i}_red`, pins.ledRed[i]);
      pin(`led_c${i}_green`, pins.ledGreen[i]);
      pin(`key_row${i}`, pins.keyRows[i]);
      pin(`key_col${i}`, pins.keyCols[i]);
    }
    this.signals.push({ name: 'ddrc', width: 8, read: () => board.cpu.data[0x27] });
    this.tx = this.signals.length;
    this.signals.push({ name: 'uart_tx_byte', width: 8, read: null });
    this.rxi = this.signals.length;
    this.signals.push({ name: 'uart_rx_byte', width: 8, read: null });
    this.signals.forEach((s, i) => { s.id = String.fromCharCode(33 + i); s.value = -1; });
    let head = '$timescale 1ns $end\n$scope module ttt $end\n';
    for (const s of this.signals) head += `$var wire ${s.width} ${s.id} ${s.name} $end\n`;
    head += '$upscope $end\n$enddefinitions $end\n';
    this.buf = [head];
    this.lastTime = -1;
    board.tracer = { pins: () => this.pins(), tx: (b) => this.byte(this.tx, b), rx: (b) => this.byte(this.rxi, b) };
    this.pins();
  }

  _pin(p) {
    const cpu = this.board.cpu, cfg = this.board.ports[p.port].portConfig;
    const ddr = (cpu.data[cfg.DDR] >> p.bit) & 1;
    return ddr ? (cpu.data[cfg.PORT] >> p.bit) & 1 : (cpu.data[cfg.PIN] >> p.bit) & 1;
  }

  _stamp() {
    const t = Math.round(this.board.now() * NS_PER_CYCLE);
    if (t !== this.lastTime) {
      this.buf.push(`#${t}\n`);
      this.lastTime = t;
    }
  }

  _val(s, v) {
    return s.width === 1 ? `${v}${s.id}\n` : `b${v.toString(2)} ${s.id}\n`;
  }

  pins() {
    for (const s of this.signals) {
      if (!s.read) continue;
      const v = s.read();
      if (v !== s.value) {
        this._stamp();
        s.value = v;
        this.buf.push(this._val(s, v));
      }
    }
    if (this.buf.length > 4096) this.flush();
  }

  byte(i, b) {
    this._stamp();
    this.buf.push(this._val(this.signals[i], b));
  }

  flush() {
    fs.writeSync(this.fd, this.buf.join(''));
    this.buf = [];
  }

  close() {
    this.flush();
    fs.closeSync(this.fd);
    this.board.tracer = null;
  }
}
