// sim/web/src/flash-cli.js - ttt-flash-js PORT-OR-PTY FILE.hex: the page's flasher
// (stk500.js, the same code path) on a serial port or pseudo-terminal from Node, so the
// flasher is tested without a browser (tests/web/flash_test.sh). The port is set raw at
// the bootloader's BAUD with stty; DTR follows the port being open (HUPCL): closing it drops DTR
// and opening it raises it again, which is the Uno's auto-reset. Exit 0 = written,
// verified and left running; 1 = a FlashError (its message on stderr); 2 = usage.
import fs from 'node:fs';
import tty from 'node:tty';
import { execFileSync } from 'node:child_process';
import { BAUD, ByteQueue, LinkLost, FlashError, prepareImage, flashBoard } from './stk500.js';

function openLink(port) {
  const link = { rx: new ByteQueue(), fd: -1, stream: null };
  try {
    execFileSync('stty', ['-F', port, String(BAUD), 'raw', '-echo', 'hupcl'], { stdio: 'ignore' });
  } catch (e) {
    // a port stty cannot set (some pty drivers): the open below says whether it exists
  }
  const open = () => {
    link.fd = fs.openSync(port, fs.constants.O_RDWR | fs.constants.O_NOCTTY);
    const s = new tty.ReadStream(link.fd);
    s.setRawMode(true);
    s.on('data', (d) => link.rx.push(d));
    s.on('error', (e) => link.rx.fail(new LinkLost(`${port}: ${e.code || e.message}`)));
    s.on('end', () => link.rx.fail(new LinkLost(`${port}: closed`)));
    link.stream = s;
  };
  const shut = () => {
    if (!link.stream) return;
    link.stream.removeAllListeners('end');
    link.stream.removeAllListeners('error');
    link.stream.on('error', () => {});
    link.stream.destroy();
    // libuv reads a tty through a descriptor of its own, which destroy() closes; ours too,
    // so that no descriptor is left and DTR drops (HUPCL)
    try {
      fs.closeSync(link.fd);
    } catch (e) { /* already closed */ }
    link.stream = null;
  };
  link.setSignals = async (on) => {
    if (!on) shut();
    else if (!link.stream) open();
  };
  link.write = (bytes) => new Promise((resolve, reject) => {
    if (!link.stream) return reject(new LinkLost(`${port}: not open`));
    fs.write(link.fd, bytes, (err) => (err ? reject(new LinkLost(`${port}: ${err.code}`)) : resolve()));
  });
  link.close = shut;
  open();
  return link;
}

async function main() {
  const [port, file] = process.argv.slice(2);
  if (!file) {
    console.error('usage: ttt-flash-js PORT-OR-PTY FILE.hex   (e.g. /dev/ttyACM0 build/avr/ttt.hex)');
    process.exit(2);
  }
  let image, link;
  try {
    let text;
    try {
      text = fs.readFileSync(file, 'latin1');
    } catch (e) {
      throw new FlashError('hex', `cannot read ${file}: ${e.code || e.message}. Nothing was written.`);
    }
    image = prepareImage(text, file);
    try {
      link = openLink(port);
    } catch (e) {
      throw new FlashError('port', `cannot open ${port}: ${e.code || e.message}. Nothing was written.`);
    }
    console.log(`ttt-flash-js: ${file}: ${image.bytes} bytes in ${image.pages.length} pages -> ${port}`);
    const r = await flashBoard(link, image, {
      note: (t) => console.log(`ttt-flash-js: ${t}`),
      progress: (p) => {
        if (p.page % 25 === 0 || p.page === p.pages)
          console.log(`ttt-flash-js: ${p.phase === 'write' ? 'writing' : 'verifying'} page ` +
            `${p.page}/${p.pages} (${p.bytes}/${p.totalBytes} bytes)`);
      },
      line: (t) => console.log(`ttt-flash-js: board: ${t}`),
    });
    console.log(`ttt-flash-js: done in ${(r.ms / 1000).toFixed(1)} s${r.banner ? '' : ' (no `ttt: ready` banner seen)'}`);
    link.close();
    process.exit(0);
  } catch (e) {
    if (link) link.close();
    console.error(`ttt-flash-js: ${e instanceof FlashError ? e.message : e.stack || e}`);
    process.exit(1);
  }
}

main();
