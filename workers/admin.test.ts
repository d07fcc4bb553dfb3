// The admin table export (issue #15): pages of 100 until a short page, XLSX (numeric-looking text as numbers)
// or CSV with a byte-order mark, named after the screen's path and a date-time stamp; progress and cancel.
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, test } from 'vitest';
import { adminExport, cancelAdminExport } from './admin';
import type { Connection } from './connection';

function fakeConnection(
  rows: Record<string, unknown>[],
  seen: Record<string, unknown>[] = [],
  gate?: Promise<void>,
) {
  const service = {
    async find({ query }: { query: Record<string, unknown> }) {
      seen.push(query);
      if (gate) await gate;
      const skip = Number(query.$skip ?? 0);
      const limit = Number(query.$limit);
      return { total: rows.length, limit, skip, data: rows.slice(skip, skip + limit) };
    },
  };
  return {
    origin: 'https://portal.example',
    call: (fn: () => Promise<unknown>) => fn(),
    app: { service: () => service },
  } as unknown as Connection;
}

const users = Array.from({ length: 250 }, (_, i) => ({
  _id: `id${i}`,
  email: `user${String(i).padStart(3, '0')}@example.com`,
  firstName: i === 7 ? '007' : 'Ada',
  owner: { email: `owner${i}@example.com` },
}));
const columns = [
  { key: 'email', label: 'Email' },
  { key: 'firstName', label: 'First name' },
  { key: 'owner.email', label: 'Owner' },
];

describe('admin table export', () => {
  test('XLSX: every page of 100 until a short one, cell by cell, with progress', async () => {
    const seen: Record<string, unknown>[] = [];
    const progress: [number, number | null][] = [];
    const { blob, name } = await adminExport(
      fakeConnection(users, seen),
      'x1',
      {
        path: 'admin/users',
        query: { $sort: { email: 1 }, $limit: 10, $skip: 30 },
        columns,
        format: 'xlsx',
        fileBase: '/admin/users',
      },
      (rows, total) => progress.push([rows, total]),
    );
    expect(seen.map((q) => [q.$skip, q.$limit])).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
    expect(seen[0].$sort).toEqual({ email: 1 });
    expect(progress).toEqual([
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
    expect(name).toMatch(/^admin-users-\d{4}-\d{2}-\d{2}-\d{6}\.xlsx$/);
    const sheet = await readSheet(Buffer.from(await blob.arrayBuffer()));
    expect(sheet).toHaveLength(251);
    expect(sheet[0]).toEqual(['Email', 'First name', 'Owner']);
    expect(sheet[1]).toEqual(['user000@example.com', 'Ada', 'owner0@example.com']);
    expect(sheet[8]).toEqual(['user007@example.com', 7, 'owner7@example.com']);
  });

  test('CSV starts with a byte-order mark; an exact multiple of 100 reads one more (empty) page', async () => {
    const seen: Record<string, unknown>[] = [];
    const { blob, name } = await adminExport(fakeConnection(users.slice(0, 200), seen), 'x2', {
      path: 'admin/users',
      query: {},
      columns,
      format: 'csv',
      fileBase: '/admin/users',
    });
    expect(seen).toHaveLength(3);
    expect(name).toMatch(/\.csv$/);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines).toHaveLength(201);
    expect(lines[0]).toBe('Email,First name,Owner');
    expect(lines[8]).toBe('user007@example.com,007,owner7@example.com');
  });

  test('a first name that is a formula stays text in CSV and XLSX (issue #20)', async () => {
    const evil = [{ _id: 'e1', email: 'mallory@example.com', firstName: '=cmd|" /C calc"!A0', owner: null }];
    const options = { path: 'admin/users' as const, query: {}, columns, fileBase: '/admin/users' };
    const csv = await adminExport(fakeConnection(evil), 'x6', { ...options, format: 'csv' });
    const lines = new TextDecoder().decode(new Uint8Array(await csv.blob.arrayBuffer())).split('\r\n');
    expect(lines[1]).toBe(`mallory@example.com,"'=cmd|"" /C calc""!A0",`);
    const xlsx = await adminExport(fakeConnection(evil), 'x7', { ...options, format: 'xlsx' });
    const sheet = await readSheet(Buffer.from(await xlsx.blob.arrayBuffer()));
    expect(sheet[1]).toEqual(['mallory@example.com', `'=cmd|" /C calc"!A0`, null]);
  });

  test('rows of a table with a picture column are 64 px (48 pt) high in the sheet', async () => {
    const { blob } = await adminExport(fakeConnection(users.slice(0, 3)), 'x5', {
      path: 'admin/users',
      query: {},
      columns: [...columns, { key: 'avatar', label: 'Picture', image: true }],
      format: 'xlsx',
      fileBase: '/admin/users',
    });
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(xml).toContain('<row r="1">');
    for (const r of [2, 3, 4]) expect(xml).toContain(`<row r="${r}" ht="48" customHeight="1">`);
  });

  test('cancel stops the export', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const running = adminExport(fakeConnection(users, [], gate), 'x3', {
      path: 'admin/users',
      query: {},
      columns,
      format: 'xlsx',
      fileBase: '/admin/users',
    });
    cancelAdminExport('x3');
    open();
    await expect(running).rejects.toMatchObject({ message: 'Export cancelled' });
  });

  test('only the admin lists can be exported', async () => {
    await expect(
      adminExport(fakeConnection(users), 'x4', {
        path: 'weatherDevices' as never,
        query: {},
        columns,
        format: 'csv',
        fileBase: '/x',
      }),
    ).rejects.toThrow(/Not an admin list/);
  });
});
