// Minimal zip reader for our own packages (tests, the e2e package specs, the server's zip tests): no dependency and no
// `unzip` binary needed on CI. Handles what archiver writes: stored or deflated entries, no zip64,
// no encryption.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { inflateRawSync } from 'node:zlib';

export interface ZipEntryInfo {
  name: string;
  isDirectory: boolean;
  method: number;
  /** Unix permission bits from the external attributes. */
  mode: number;
  dosDate: number;
  dosTime: number;
  compressedSize: number;
  size: number;
  data: () => Buffer;
}

export function readZip(buf: Buffer): ZipEntryInfo[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntryInfo[] = [];
  for (let k = 0; k < count; k++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = buf.readUInt16LE(p + 10);
    const dosTime = buf.readUInt16LE(p + 12);
    const dosDate = buf.readUInt16LE(p + 14);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const data = () => {
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const raw = buf.subarray(start, start + compressedSize);
      if (method === 0) return Buffer.from(raw);
      if (method === 8) return inflateRawSync(raw);
      throw new Error(`${name}: unsupported compression method ${method}`);
    };
    entries.push({
      name,
      isDirectory: name.endsWith('/'),
      method,
      mode: (external >>> 16) & 0o7777,
      dosDate,
      dosTime,
      compressedSize,
      size,
      data,
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Extracts a zip into `dir` (refusing entries that would land outside it). */
export function extractZip(zipPath: string, dir: string): string[] {
  const root = resolve(dir);
  const names: string[] = [];
  for (const e of readZip(readFileSync(zipPath))) {
    const dest = resolve(root, e.name);
    if (dest !== root && !dest.startsWith(root + sep))
      throw new Error(`unsafe zip entry ${e.name}`);
    if (e.isDirectory) {
      mkdirSync(dest, { recursive: true });
      continue;
    }
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, e.data());
    names.push(e.name);
  }
  return names;
}
