/**
 * Shared pieces of the payment suites: multipart bodies for app.inject, test images made on the
 * spot (sharp, or raw PNG chunks for shapes sharp would refuse to write), a player under an
 * agent chain, and one function per payment call.
 */
import type { PaymentRequestRow } from '@backlay/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { idempotent, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

export type Envelope<T> = { data: T; message: string };
export type ErrorData = { code: string; details?: unknown };

export type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body and its content type. */
export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----backlay${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small PNG of one colour. */
export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a7' } }).png().toBuffer();
}

/** A JPEG carrying EXIF with a camera make, a GPS position and orientation 6 (rotate 90°). */
export function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#36a' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'SecretPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100' } })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit grey PNG of any size, written chunk by chunk: 20,000 × 20,000 flat pixels
 * compress to about 50 KB, which is what a decompression bomb looks like on the wire.
 */
export function flatPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Bytes that are `size` long and start like a JPEG (the size limit must refuse them before decoding). */
export function oversizedJpeg(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}

let utrCounter = 0;
/** A fresh, valid UTR (12–22 letters and digits). */
export function newUtr(): string {
  utrCounter += 1;
  return `UTR${Date.now().toString(36).toUpperCase()}${String(utrCounter).padStart(4, '0')}${randomBytes(2).toString('hex').toUpperCase()}`.slice(0, 22);
}

export interface Chain {
  admin: TestUser;
  sadmin: TestUser;
  smdl: TestUser;
  mdl: TestUser;
  dl: TestUser;
  player: TestUser;
  /** Signed-in tokens by fixture name. */
  tokens: Record<'admin' | 'sadmin' | 'smdl' | 'mdl' | 'dl' | 'player', string>;
}

/** admin → sadmin → smdl → mdl → dl → player, every agent funded with `agentRupees`, the player with `playerRupees`. */
export async function buildChain(t: TestContext, agentRupees = 1_000_000n, playerRupees = 0n): Promise<Chain> {
  const admin = await t.createUser({ role: 'admin' });
  const sadmin = await t.createUser({ role: 'sadmin', parentId: admin.id });
  const smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  const dl = await t.createUser({ role: 'dl', parentId: mdl.id });
  const player = await t.createUser({ role: 'user', parentId: dl.id });
  for (const agent of [admin, sadmin, smdl, mdl, dl]) if (agentRupees > 0n) await t.fund(agent.id, agentRupees);
  if (playerRupees > 0n) await t.fund(player.id, playerRupees);
  const tokens = {
    admin: (await t.login(admin)).token,
    sadmin: (await t.login(sadmin)).token,
    smdl: (await t.login(smdl)).token,
    mdl: (await t.login(mdl)).token,
    dl: (await t.login(dl)).token,
    player: (await t.login(player)).token,
  };
  return { admin, sadmin, smdl, mdl, dl, player, tokens };
}

/** The response with its status, raw body and parsed envelope. */
export function parsed<T>(response: LightMyRequestResponse): { status: number; raw: string; data: T & ErrorData; message: string } {
  const envelope = response.json() as Envelope<T & ErrorData>;
  return { status: response.statusCode, raw: response.body, data: envelope.data, message: envelope.message };
}

export interface DepositFields {
  amount?: string;
  accountType?: string;
  utrno?: string;
  remark?: string;
  type?: string;
}

/** POST add-deposit-withdraw as the deposit page sends it (multipart, screenshot in imageUrl). */
export async function sendDeposit(
  t: TestContext,
  token: string,
  fields: DepositFields,
  image: { data: Buffer; filename?: string; contentType?: string; field?: string } | null,
  key: string = randomUUID(),
  headers: Record<string, string> = {},
) {
  const parts: Part[] = [];
  const all = { remark: 'ok', type: 'deposit', accountType: 'upi', ...fields };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) parts.push({ name, value });
  if (image !== null) {
    parts.push({
      name: image.field ?? 'imageUrl',
      filename: image.filename ?? 'screenshot.png',
      contentType: image.contentType ?? 'image/png',
      data: image.data,
    });
  }
  const body = multipart(parts);
  const response = await t.request({
    method: 'POST',
    url: '/api/add-deposit-withdraw',
    token,
    payload: body.payload,
    headers: { ...headers, ...body.headers, ...idempotent(key) },
  });
  return parsed<PaymentRequestRow>(response);
}

/** POST add-deposit-withdraw as the withdraw page sends it (JSON); `headers` adds e.g. a site's host. */
export async function sendWithdraw(t: TestContext, token: string, body: Record<string, unknown>, key: string = randomUUID(), headers: Record<string, string> = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/add-deposit-withdraw',
    token,
    payload: { type: 'withdraw', remark: 'ok', ...body },
    headers: { ...headers, ...idempotent(key) },
  });
  return parsed<PaymentRequestRow>(response);
}

/** POST update-deposit-withdraw-status. */
export async function sendDecision(
  t: TestContext,
  token: string,
  id: string,
  status: 'approved' | 'rejected',
  options: { remark?: string; key?: string; transactionPassword?: string } = {},
) {
  const response = await t.request({
    method: 'POST',
    url: '/api/update-deposit-withdraw-status',
    token,
    payload: { id, status, remark: options.remark ?? '', transactionPassword: options.transactionPassword ?? TEST_TXN_PASSWORD },
    headers: idempotent(options.key ?? randomUUID()),
  });
  return parsed<PaymentRequestRow>(response);
}

/** Saves a bank account for the player through the API (`headers`: e.g. its site's host) and returns its id. */
export async function saveBank(t: TestContext, token: string, accountNumber = '123456789012', headers: Record<string, string> = {}): Promise<string> {
  const added = await t.request({
    method: 'POST',
    url: '/api/add-bank-account',
    token,
    headers,
    payload: { accountHolderName: 'Asha Rao', accountNumber, ifscCode: 'HDFC0001234' },
  });
  if (added.statusCode !== 200) throw new Error(`add-bank-account: ${added.statusCode} ${added.body}`);
  const list = parsed<{ bank: Array<{ _id: string; accountNumber: string }> }>(
    await t.request({ method: 'GET', url: '/api/get-bank-and-upi-list', token, headers }),
  );
  // The list shows the number masked to its last four digits; the newest such row is this one.
  const found = [...list.data.bank].reverse().find((row) => row.accountNumber.endsWith(accountNumber.slice(-4)));
  if (found === undefined) throw new Error('saved bank account not listed');
  return found._id;
}

/** The player's wallet balance in rupees. */
export async function balanceOf(t: TestContext, userId: string): Promise<number> {
  const wallet = await t.services.ledger.walletOf(userId);
  return Number(wallet.balanceMinor) / 100;
}

/** The balance of system:withdraw_hold in rupees. */
export async function heldTotal(t: TestContext): Promise<number> {
  const { rows } = await t.db.query<{ balance: string }>(
    "SELECT balance_minor::text AS balance FROM ledger_accounts WHERE code = 'system:withdraw_hold'",
  );
  return Number(rows[0]?.balance ?? 'NaN') / 100;
}
