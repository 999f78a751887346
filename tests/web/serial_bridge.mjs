#!/usr/bin/env node
// tests/web/serial_bridge.mjs - the programmer that ttt-flash-sim runs (-c) for the
// browser test: it joins the harness's pty (the simulated Uno) to a Unix socket of the
// test (TTT_BRIDGE), whose navigator.serial stand-in carries the page's bytes. Exits
// when the socket closes, with the status the test wrote to TTT_BRIDGE.status (the
// page's verdict: 0 flashed, 1 failed); the harness then checks the flash. When the pty
// hangs up (the harness cut the link), the socket is closed: the page sees the device lost.
// Usage (by the harness): TTT_BRIDGE=SOCKET node serial_bridge.mjs PTY IMAGE.hex
import fs from 'node:fs';
import net from 'node:net';
import tty from 'node:tty';

const [pty] = process.argv.slice(2);
const sockPath = process.env.TTT_BRIDGE;
const fd = fs.openSync(pty, fs.constants.O_RDWR | fs.constants.O_NOCTTY);
const rx = new tty.ReadStream(fd);
rx.setRawMode(true);
const sock = net.connect(sockPath);
const finish = () => {
  let status = 1;
  try {
    status = Number(fs.readFileSync(`${sockPath}.status`, 'utf8'));
    fs.rmSync(`${sockPath}.status`);
  } catch (e) { /* no verdict: a failure */ }
  process.exit(status);
};
rx.on('data', (d) => sock.write(d));
rx.on('error', () => sock.end()); // EIO: the harness closed the pty (unplugged)
rx.on('end', () => sock.end());
sock.on('data', (d) => fs.write(fd, d, () => {}));
sock.on('close', finish);
sock.on('error', finish);
