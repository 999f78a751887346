// sim/web/src/image.js - firmware images for the avr8js shield: Intel HEX (what
// `make flash` writes, and what people load into the page) and ELF (what ttt-sim
// takes). Both give a 32 KB flash image (0xff = erased) and, when the file has one,
// the .eeprom contents. A malformed file throws an Error naming the line or field.

export const FLASH_BYTES = 32768;
export const EEPROM_BYTES = 1024;
const EEPROM_BASE = 0x810000; // avr-gcc's address space for .eeprom in an ELF

/** Intel HEX text -> { flash, eeprom: null, top, used } (top = highest byte written + 1;
 * used[a] = 1 where a data record wrote: the flasher writes only those pages). */
export function parseHex(text) {
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  const used = new Uint8Array(FLASH_BYTES);
  let base = 0, top = 0, sawEnd = false, n = 0;
  const lines = String(text).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const where = `line ${i + 1}`;
    if (sawEnd) throw new Error(`${where}: data after the end-of-file record`);
    if (line[0] !== ':' || line.length < 11 || line.length % 2 === 0 || !/^:[0-9A-Fa-f]+$/.test(line))
      throw new Error(`${where}: not an Intel HEX record`);
    const b = [];
    for (let k = 1; k < line.length; k += 2) b.push(parseInt(line.substr(k, 2), 16));
    const len = b[0], addr = (b[1] << 8) | b[2], type = b[3];
    if (b.length !== len + 5) throw new Error(`${where}: length field says ${len} bytes`);
    if ((b.reduce((s, v) => s + v, 0) & 0xff) !== 0) throw new Error(`${where}: bad checksum`);
    n++;
    if (type === 0) {
      for (let k = 0; k < len; k++) {
        const a = base + addr + k;
        if (a >= FLASH_BYTES) throw new Error(`${where}: address 0x${a.toString(16)} is past the 32 KB flash`);
        flash[a] = b[4 + k];
        used[a] = 1;
        if (a + 1 > top) top = a + 1;
      }
    } else if (type === 1) {
      sawEnd = true;
    } else if (type === 2) {
      base = ((b[4] << 8) | b[5]) << 4;
    } else if (type === 4) {
      base = ((b[4] << 8) | b[5]) << 16;
    } else if (type !== 3 && type !== 5) {
      throw new Error(`${where}: unknown record type ${type}`);
    }
  }
  if (!n || !top) throw new Error('no data records: not a firmware image');
  if (!sawEnd) throw new Error('no end-of-file record: the file is truncated');
  return { flash, eeprom: null, top, used };
}

/** ELF32 (little-endian, AVR) bytes -> { flash, eeprom, top } from its PT_LOAD segments. */
export function parseElf(bytes) {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const dv = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  if (u8.length < 52 || dv.getUint32(0) !== 0x7f454c46) throw new Error('not an ELF file');
  if (u8[4] !== 1 || u8[5] !== 1) throw new Error('not a 32-bit little-endian ELF');
  if (dv.getUint16(18, true) !== 83) throw new Error('not an AVR ELF (e_machine is not 83)');
  const phoff = dv.getUint32(28, true), phentsize = dv.getUint16(42, true);
  const phnum = dv.getUint16(44, true);
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  let eeprom = null, top = 0;
  for (let i = 0; i < phnum; i++) {
    const o = phoff + i * phentsize;
    if (o + 32 > u8.length) throw new Error('truncated program header table');
    const type = dv.getUint32(o, true), off = dv.getUint32(o + 4, true);
    const paddr = dv.getUint32(o + 12, true), filesz = dv.getUint32(o + 16, true);
    if (type !== 1 || filesz === 0) continue; // PT_LOAD with contents only
    if (off + filesz > u8.length) throw new Error('truncated segment');
    const data = u8.subarray(off, off + filesz);
    if (paddr >= EEPROM_BASE && paddr < EEPROM_BASE + 0x10000) {
      eeprom = eeprom || new Uint8Array(EEPROM_BYTES).fill(0xff);
      const a = paddr - EEPROM_BASE;
      if (a + filesz > EEPROM_BYTES) throw new Error('.eeprom is larger than 1 KB');
      eeprom.set(data, a);
    } else if (paddr < 0x800000) {
      if (paddr + filesz > FLASH_BYTES) throw new Error('the image is larger than the 32 KB flash');
      flash.set(data, paddr);
      top = Math.max(top, paddr + filesz);
    }
  }
  if (!top) throw new Error('the ELF has no flash contents');
  return { flash, eeprom, top };
}

/** Either format, told apart by the ELF magic. */
export function parseImage(bytes) {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (u8.length >= 4 && u8[0] === 0x7f && u8[1] === 0x45 && u8[2] === 0x4c && u8[3] === 0x46)
    return parseElf(u8);
  return parseHex(new TextDecoder().decode(u8));
}
