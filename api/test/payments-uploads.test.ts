/**
 * Deposit screenshots (docs/rules/test-plan.md T13) through HTTP: accepted by content only, decoded with a
 * pixel limit, re-encoded without metadata, stored under a UUID outside any served folder and
 * served only through the authorised route — to the owner and its upline — with headers that
 * keep a browser from running anything in it. The malicious corpus leaves no request, no row
 * and no file behind.
 */
import { MESSAGES, UPLOAD_MAX_BYTES, type PaymentRequestRow } from '@backlay/shared/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { assertLedgerInvariants, buildTestApp, businessStateDigest, idempotent, type TestContext } from './helper';
import {
  buildChain,
  flatPng,
  jpegWithGps,
  multipart,
  newUtr,
  oversizedJpeg,
  parsed,
  pngImage,
  sendDecision,
  sendDeposit,
  type Chain,
  type Part,
} from './payments-helper';

let t: TestContext;
let chain: Chain;
beforeAll(async () => {
  // One player uploads far more than a day's 20 deposits here; the limit has its own suite.
  t = await buildTestApp({ env: { PAYMENT_REQUESTS_PER_DAY: '10000' } });
  chain = await buildChain(t, 0n);
}, 60_000);
afterEach(async () => {
  // Decide what this test left pending, so the player never reaches the cap of pending deposits.
  const { rows: pending } = await t.db.query<{ id: string }>(
    `SELECT id FROM payment_requests WHERE user_id = $1 AND status = 'pending'`,
    [chain.player.id],
  );
  for (const row of pending) expect((await sendDecision(t, chain.tokens.dl, row.id, 'rejected')).status).toBe(200);
  await assertLedgerInvariants(t.db);
  // No file without its row, no row without its file.
  const { rows } = await t.db.query<{ id: string; contentType: string }>('SELECT id, content_type AS "contentType" FROM payment_screenshots');
  const expected = rows.map((row) => `${row.id}.${row.contentType === 'image/png' ? 'png' : 'jpg'}`).sort();
  expect(readdirSync(t.config.paths.uploadsDir).sort()).toEqual(expected);
});
afterAll(() => t.close());

const upload = (data: Buffer, file: { filename?: string; contentType?: string; field?: string } = {}) =>
  sendDeposit(t, chain.tokens.player, { amount: '500', utrno: newUtr() }, { data, ...file });

/** The stored file of a request's screenshot. */
function storedFile(row: PaymentRequestRow): Buffer {
  const id = (row.screenshotUrl ?? '').split('/').pop() ?? '';
  const name = readdirSync(t.config.paths.uploadsDir).find((file) => file.startsWith(id));
  if (name === undefined) throw new Error(`no stored file for ${id}`);
  return readFileSync(path.join(t.config.paths.uploadsDir, name));
}

const fetchShot = (url: string, token?: string) => t.request({ method: 'GET', url, ...(token !== undefined ? { token } : {}) });

describe('accepted screenshots', () => {
  it('a PNG is stored re-encoded under a UUID and served to its owner with safe headers', async () => {
    const created = await upload(await pngImage(64, 48), { filename: 'my payment.png' });
    expect(created.status).toBe(200);
    const id = created.data.screenshotUrl?.split('/').pop() ?? '';
    expect(readdirSync(t.config.paths.uploadsDir)).toContain(`${id}.png`);
    const served = await fetchShot(created.data.screenshotUrl ?? '', chain.tokens.player);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': `inline; filename="${id}.png"`,
      'cache-control': 'private, no-store',
    });
    expect(served.rawPayload.equals(storedFile(created.data))).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('a JPEG loses its EXIF (camera, GPS) in the stored bytes, after its orientation was applied', async () => {
    const original = await jpegWithGps(64, 48);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer (little-endian tag 0x8825)
    expect(original.includes(Buffer.from('SecretPhone'))).toBe(true);

    const created = await upload(original, { filename: 'IMG_0001.JPG', contentType: 'image/jpeg' });
    expect(created.status).toBe(200);
    const stored = storedFile(created.data);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 48, height: 64 }); // rotated by 90°
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(stored.includes(Buffer.from('SecretPhone'))).toBe(false);
    const served = await fetchShot(created.data.screenshotUrl ?? '', chain.tokens.dl);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('a large image is scaled down to at most 2560 px', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const created = await upload(wide, { contentType: 'image/jpeg' });
    expect(created.status).toBe(200);
    expect(await sharp(storedFile(created.data)).metadata()).toMatchObject({ width: 2560, height: 853 });
  });

  it('a PNG with a PHP payload after IEND is stored re-encoded, the payload gone', async () => {
    const payload = Buffer.from('<?php system($_GET["c"]); ?>');
    const created = await upload(Buffer.concat([await pngImage(), payload]));
    expect(created.status).toBe(200);
    expect(storedFile(created.data).includes(payload)).toBe(false);
  });

  it.each([['../../x.png'], ['a.png%00.js'], ['a.jpg.php'], [`${'n'.repeat(300)}.png`], ['\u202Egnp.exe']])(
    'ignores the client file name %j: the server names the file',
    async (filename) => {
      const created = await upload(await pngImage(), { filename });
      expect(created.status).toBe(200);
      expect(readdirSync(t.config.paths.uploadsDir).every((file) => /^[0-9a-f-]{36}\.(png|jpg)$/.test(file))).toBe(true);
    },
  );
});

describe('refused uploads leave nothing behind', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
  const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/user-info")</script></body></html>');
  const gifJs = Buffer.concat([Buffer.from('GIF89a/*'), Buffer.alloc(16), Buffer.from('*/=1;alert(1);')]);

  it.each<[string, number, () => Promise<Buffer> | Buffer, { filename?: string; contentType?: string }, string]>([
    ['text renamed .png, declared image/png', 415, () => Buffer.from('just some text, not an image at all'), { filename: 'a.png', contentType: 'image/png' }, MESSAGES.screenshotType],
    ['HTML with a script renamed .png', 415, () => html, { filename: 'x.png', contentType: 'image/png' }, MESSAGES.screenshotType],
    ['SVG with a script', 415, () => svg, { filename: 'x.svg', contentType: 'image/svg+xml' }, MESSAGES.screenshotType],
    ['SVG declared as PNG', 415, () => svg, { filename: 'x.png', contentType: 'image/png' }, MESSAGES.screenshotType],
    ['a GIF/JS polyglot', 415, () => gifJs, { filename: 'x.gif', contentType: 'image/gif' }, MESSAGES.screenshotType],
    ['a 0-byte file', 422, () => Buffer.alloc(0), { filename: 'empty.png' }, MESSAGES.screenshotEmpty],
    ['a truncated JPEG', 422, async () => { const j = await jpegWithGps(200, 200); return j.subarray(0, Math.floor(j.length / 2)); }, { contentType: 'image/jpeg' }, MESSAGES.screenshotUnreadable],
    ['a truncated PNG', 422, async () => { const p = await pngImage(200, 200); return p.subarray(0, p.length - 30); }, {}, MESSAGES.screenshotUnreadable],
    ['a JPEG header on garbage', 422, () => oversizedJpeg(2048), { contentType: 'image/jpeg' }, MESSAGES.screenshotUnreadable],
    ['a file over 5 MB', 413, () => oversizedJpeg(UPLOAD_MAX_BYTES + 1), { contentType: 'image/jpeg' }, MESSAGES.screenshotTooLarge],
  ])('%s → %i', async (_case, status, make, file, message) => {
    const before = await businessStateDigest(t.db);
    const refused = await upload(await make(), file);
    expect({ status: refused.status, message: refused.message }).toEqual({ status, message });
    // The API's envelope and nothing from the decoder (libvips, sharp) or the multipart parser.
    expect(Object.keys(refused.data)).toEqual(['code']);
    expect(refused.raw).not.toMatch(/vips|sharp|jpeg:|png:|premature|FST_|stack/i);
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('a 20,000 × 20,000 flat PNG (about 50 KB) is refused from its header: 422, memory barely moves', async () => {
    const bomb = flatPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const refused = await upload(bomb);
    expect(refused).toMatchObject({ status: 422, message: MESSAGES.screenshotTooManyPixels, data: { code: 'UNPROCESSABLE' } });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('exactly 40 megapixels is decoded (and scaled down); one row more is refused', async () => {
    const accepted = await upload(flatPng(8_000, 5_000));
    expect(accepted.status).toBe(200);
    expect(await sharp(storedFile(accepted.data)).metadata()).toMatchObject({ width: 2560, height: 1600 });
    expect(await upload(flatPng(8_000, 5_001))).toMatchObject({ status: 422, message: MESSAGES.screenshotTooManyPixels });
  });

  async function sendParts(parts: Part[]) {
    const body = multipart(parts);
    return parsed(
      await t.request({
        method: 'POST',
        url: '/api/add-deposit-withdraw',
        token: chain.tokens.player,
        payload: body.payload,
        headers: { ...body.headers, ...idempotent(newUtr()) },
      }),
    );
  }
  const fields = (): Part[] => [
    { name: 'type', value: 'deposit' },
    { name: 'amount', value: '500' },
    { name: 'accountType', value: 'upi' },
    { name: 'utrno', value: newUtr() },
    { name: 'remark', value: 'ok' },
  ];

  it('a file in another field is 400; two files are 413; too many fields are 413; a broken form is 400', async () => {
    const image = await pngImage();
    const file = (name: string): Part => ({ name, filename: 'a.png', contentType: 'image/png', data: image });
    const before = await businessStateDigest(t.db);
    expect(await sendParts([...fields(), file('screenshot')])).toMatchObject({ status: 400, message: 'Unexpected file in field "screenshot"' });
    expect(await sendParts([...fields(), file('imageUrl'), file('imageUrl')])).toMatchObject({ status: 413, message: MESSAGES.uploadTooManyParts, data: { code: 'PAYLOAD_TOO_LARGE' } });
    const many = Array.from({ length: 11 }, (_, i): Part => ({ name: `extra${i}`, value: 'x' }));
    expect(await sendParts([...fields(), ...many, file('imageUrl')])).toMatchObject({ status: 413, message: MESSAGES.uploadTooManyParts });
    expect(await sendParts([...fields(), { name: 'utrno', value: newUtr() }, file('imageUrl')])).toMatchObject({ status: 400, message: 'Form field "utrno" appears twice' });
    const broken = multipart([...fields(), file('imageUrl')]);
    const cut = await t.request({
      method: 'POST',
      url: '/api/add-deposit-withdraw',
      token: chain.tokens.player,
      payload: broken.payload.subarray(0, broken.payload.length - 200),
      headers: { ...broken.headers, ...idempotent(newUtr()) },
    });
    expect(parsed(cut)).toMatchObject({ status: 400, message: MESSAGES.uploadMalformed });
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});

describe('hostile corpus, second part: formats in disguise, polyglots, lying headers, hostile file names', () => {
  const tiny = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

  it.each<[string, () => Promise<Buffer> | Buffer, { filename: string; contentType: string }]>([
    ['a real GIF named .jpg, declared image/jpeg', () => tiny().gif().toBuffer(), { filename: 'receipt.jpg', contentType: 'image/jpeg' }],
    ['a real WebP named .jpg, declared image/jpeg', () => tiny().webp().toBuffer(), { filename: 'receipt.jpg', contentType: 'image/jpeg' }],
    ['a PDF with JavaScript named .jpg, declared image/jpeg', () => pdf, { filename: 'receipt.jpg', contentType: 'image/jpeg' }],
    ['a real GIF named .png, declared image/png (allowed name and type, lying)', () => tiny().gif().toBuffer(), { filename: 'receipt.png', contentType: 'image/png' }],
    ['HTML named .jpeg, declared image/jpeg', () => Buffer.from('<html><script>alert(1)</script></html>'), { filename: 'x.jpeg', contentType: 'image/jpeg' }],
    ['the PNG signature alone, no IHDR', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x3c, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74, 0x3e]), { filename: 'x.png', contentType: 'image/png' }],
  ])('%s → 415 by its bytes, nothing written', async (_case, make, file) => {
    const before = await businessStateDigest(t.db);
    const refused = await upload(await make(), file);
    expect({ status: refused.status, message: refused.message, data: refused.data }).toEqual({
      status: 415,
      message: MESSAGES.screenshotType,
      data: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it.each<[string, () => Promise<Buffer>]>([
    ['a PNG signature and IHDR, then garbage instead of image data', async () => {
      const png = await pngImage(32, 32);
      return Buffer.concat([png.subarray(0, 33), Buffer.from('<script>alert(1)</script>'.repeat(8))]);
    }],
    ['a PNG whose IDAT bytes were flipped (CRC no longer matches)', async () => {
      const png = Buffer.from(await pngImage(32, 32));
      const idat = png.indexOf('IDAT');
      for (let i = idat + 4; i < idat + 14; i += 1) png[i] = (png[i] ?? 0) ^ 0xff;
      return png;
    }],
  ])('%s → 422 unreadable, nothing written', async (_case, make) => {
    const before = await businessStateDigest(t.db);
    const refused = await upload(await make(), { filename: 'x.png', contentType: 'image/png' });
    expect({ status: refused.status, message: refused.message }).toEqual({ status: 422, message: MESSAGES.screenshotUnreadable });
    expect(refused.raw).not.toMatch(/vips|sharp|png:|crc|stack/i);
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('a JPEG/HTML polyglot (HTML and JS after the EOI marker) is stored re-encoded as a JPEG, the payload gone (T13: re-encoding, like the PNG/PHP row)', async () => {
    const payload = Buffer.from('<html><body><script>fetch("/api/user-info").then(r=>r.text()).then(alert)</script></body></html>');
    const polyglot = Buffer.concat([await tiny().jpeg().toBuffer(), payload]);
    const created = await upload(polyglot, { filename: 'x.jpg', contentType: 'image/jpeg' });
    expect(created.status).toBe(200);
    const stored = storedFile(created.data);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('<html>'))).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 8 });
    const served = await fetchShot(created.data.screenshotUrl ?? '', chain.tokens.player);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('a PNG/HTML polyglot (HTML in a tEXt chunk and again after IEND) is stored re-encoded, the payload gone', async () => {
    const png = await pngImage(16, 16);
    const html = Buffer.from('<html><script>alert(document.domain)</script></html>');
    const textData = Buffer.concat([Buffer.from('Comment\0'), html]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(textData.length);
    const typed = Buffer.concat([Buffer.from('tEXt'), textData]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    const iend = png.length - 12;
    const polyglot = Buffer.concat([png.subarray(0, iend), length, typed, crc, png.subarray(iend), html]);
    expect((await sharp(polyglot).metadata()).format).toBe('png'); // a valid PNG that carries the page twice
    const created = await upload(polyglot);
    expect(created.status).toBe(200);
    const stored = storedFile(created.data);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('tEXt'))).toBe(false);
  });

  it.each<[string, string, string]>([
    ['a real PNG declared text/html, named .png', 'x.png', 'text/html'],
    ['a real PNG declared image/svg+xml, named .svg', 'x.svg', 'image/svg+xml'],
    ['a real PNG declared image/jpeg, named .jpg', 'x.jpg', 'image/jpeg'],
  ])('%s: the bytes decide — stored and served as a PNG', async (_case, filename, contentType) => {
    const created = await upload(await pngImage(), { filename, contentType });
    expect(created.status).toBe(200);
    const id = created.data.screenshotUrl?.split('/').pop() ?? '';
    expect(readdirSync(t.config.paths.uploadsDir)).toContain(`${id}.png`);
    const served = await fetchShot(created.data.screenshotUrl ?? '', chain.tokens.player);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${id}.png"`);
  });
  it('a real JPEG named .png and declared image/png is stored and served as a JPEG', async () => {
    const created = await upload(await tiny().jpeg().toBuffer(), { filename: 'x.png', contentType: 'image/png' });
    expect(created.status).toBe(200);
    const id = created.data.screenshotUrl?.split('/').pop() ?? '';
    expect(readdirSync(t.config.paths.uploadsDir)).toContain(`${id}.jpg`);
    expect((await fetchShot(created.data.screenshotUrl ?? '', chain.tokens.player)).headers['content-type']).toBe('image/jpeg');
  });

  /** A deposit whose file part's Content-Disposition carries `disposition` as raw bytes. */
  async function sendRawDisposition(disposition: Buffer, data: Buffer) {
    const boundary = '----backlayraw7f3a';
    const text = (value: string) => Buffer.from(value, 'utf8');
    const field = (name: string, value: string) => text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const payload = Buffer.concat([
      field('type', 'deposit'),
      field('amount', '500'),
      field('accountType', 'upi'),
      field('utrno', newUtr()),
      field('remark', 'ok'),
      text(`--${boundary}\r\nContent-Disposition: form-data; name="imageUrl"; `),
      disposition,
      text('\r\nContent-Type: image/png\r\n\r\n'),
      data,
      text(`\r\n--${boundary}--\r\n`),
    ]);
    return parsed<PaymentRequestRow>(
      await t.request({
        method: 'POST',
        url: '/api/add-deposit-withdraw',
        token: chain.tokens.player,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...idempotent(newUtr()) },
      }),
    );
  }

  it.each<[string, Buffer]>([
    ['a raw NUL byte: "a.png\\0.js"', Buffer.from('filename="a.png\u0000.js"', 'latin1')],
    ['a lone high surrogate in CESU-8 bytes (invalid UTF-8)', Buffer.concat([Buffer.from('filename="a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('.png"')])],
    ['a lone low surrogate, percent-encoded (RFC 5987)', Buffer.from("filename*=UTF-8''a%ED%B0%80.png")],
    ['a NUL, percent-encoded (RFC 5987)', Buffer.from("filename*=UTF-8''..%2F..%2Fx.png%00.html")],
    ['path traversal: "../../x.png"', Buffer.from('filename="../../x.png"')],
    ['path traversal with backslashes: "..\\\\..\\\\x.png"', Buffer.from('filename="..\\..\\x.png"')],
    ['an absolute path: "/etc/cron.d/x.png"', Buffer.from('filename="/etc/cron.d/x.png"')],
  ])('file name with %s: never used — accepted under the server UUID, or refused with 400, never a 5xx', async (_case, disposition) => {
    const before = await businessStateDigest(t.db);
    const answer = await sendRawDisposition(disposition, await pngImage());
    expect([200, 400]).toContain(answer.status);
    if (answer.status === 400) {
      expect(answer.message).toBe(MESSAGES.uploadMalformed);
      expect(await businessStateDigest(t.db)).toBe(before);
    }
    expect(readdirSync(t.config.paths.uploadsDir).every((file) => /^[0-9a-f-]{36}\.(png|jpg)$/.test(file))).toBe(true);
    const parent = path.dirname(t.config.paths.uploadsDir);
    expect(readdirSync(parent).filter((file) => file === 'x.png' || file.startsWith('a.png'))).toEqual([]);
    expect(answer.raw).not.toContain('\u0000');
  });
});

describe('GET /api/payment-screenshot/:id — owner and upline only', () => {
  it('serves the owner and every agent above it; everyone else gets the 404 of a missing screenshot', async () => {
    const created = await upload(await pngImage());
    const url = created.data.screenshotUrl ?? '';
    for (const token of [chain.tokens.player, chain.tokens.dl, chain.tokens.mdl, chain.tokens.smdl, chain.tokens.sadmin, chain.tokens.admin]) {
      expect((await fetchShot(url, token)).statusCode).toBe(200);
    }
    const sibling = await t.createUser({ role: 'user', parentId: chain.dl.id });
    const outsider = await buildChain(t, 0n);
    const denied = [(await t.login(sibling)).token, outsider.tokens.player, outsider.tokens.dl, outsider.tokens.admin];
    for (const token of denied) {
      const response = await fetchShot(url, token);
      expect(parsed(response)).toEqual({ status: 404, raw: response.body, data: { code: 'NOT_FOUND' }, message: MESSAGES.notFound });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await fetchShot(url)).statusCode).toBe(401);
    expect(parsed(await fetchShot('/api/payment-screenshot/7d4f3c2a-1b0e-4d5f-9a8b-7c6d5e4f3a2b', chain.tokens.admin))).toMatchObject({ status: 404 });
    expect(parsed(await fetchShot('/api/payment-screenshot/..%2F..%2Fetc%2Fpasswd', chain.tokens.admin))).toMatchObject({ status: 404 });
  });
});
