import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readTar, TarWriter } from './tar';

const longName = `data/uploads/${'a-very-long-folder-name/'.repeat(6)}photo-ü.jpg`;

async function sample(dir: string) {
  const big = randomBytes(3 * 1024 * 1024 + 17);
  writeFileSync(join(dir, 'big.bin'), big);
  const file = join(dir, 'backup.tar.gz');
  const tar = new TarWriter(file);
  await tar.buffer('backup.json', Buffer.from('{"format":1}'));
  await tar.directory('data/outbox');
  await tar.file('data/big.bin', join(dir, 'big.bin'), big.length, 0o600);
  await tar.buffer(longName, Buffer.from('jpeg bytes'));
  await tar.buffer('data/empty', Buffer.alloc(0));
  await tar.finish();
  return { file, big };
}

describe('tar', () => {
  test('what it writes it reads back: names (long and non-ASCII too), modes, contents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tar-'));
    const { file, big } = await sample(dir);
    const seen: { name: string; type: string; mode: number; data: Buffer }[] = [];
    await readTar(file, async (entry, contents) => {
      const parts: Buffer[] = [];
      for await (const piece of contents) parts.push(piece);
      seen.push({ name: entry.name, type: entry.type, mode: entry.mode, data: Buffer.concat(parts) });
    });
    expect(seen.map((s) => [s.name, s.type])).toEqual([
      ['backup.json', 'file'],
      ['data/outbox', 'directory'],
      ['data/big.bin', 'file'],
      [longName, 'file'],
      ['data/empty', 'file'],
    ]);
    expect(seen[2].data.equals(big)).toBe(true);
    expect(seen[2].mode).toBe(0o600);
    expect(seen[3].data.toString()).toBe('jpeg bytes');
  });

  test('a reader may stop early: the next entry is still read correctly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tar-'));
    const { file } = await sample(dir);
    const names: string[] = [];
    await readTar(file, async (entry, contents) => {
      names.push(entry.name);
      for await (const _ of contents) break; // only the first piece
    });
    expect(names).toHaveLength(5);
  });

  test('system tar lists and unpacks it byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tar-'));
    const { file, big } = await sample(dir);
    expect(execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n')).toContain(longName);
    const out = join(dir, 'out');
    mkdirSync(out);
    execFileSync('tar', ['-xzf', file, '-C', out]);
    expect(readFileSync(join(out, 'data', 'big.bin')).equals(big)).toBe(true);
    expect(readFileSync(join(out, longName), 'utf8')).toBe('jpeg bytes');
  });

  test('a truncated or foreign file is refused with a reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tar-'));
    const { file } = await sample(dir);
    const bytes = readFileSync(file);
    const cut = join(dir, 'cut.tar.gz');
    writeFileSync(cut, bytes.subarray(0, bytes.length >> 1));
    await expect(readTar(cut, async () => {})).rejects.toThrow();
    const foreign = join(dir, 'foreign.tar.gz');
    execFileSync('sh', ['-c', `head -c 2048 /dev/urandom | gzip > ${foreign}`]);
    await expect(readTar(foreign, async () => {})).rejects.toThrow(/Not a backup archive|truncated/);
  });
});
