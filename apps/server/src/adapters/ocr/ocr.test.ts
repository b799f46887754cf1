import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { tc3Authorization } from '../tencent-cloud/tc3-sign.ts';
import { randomBankCard, randomIdNumber, renderCardImage, seededRandom } from './card-images.ts';
import { createLocalOcr, createTencentOcr, OcrUnavailableError } from './index.ts';

describe('local OCR (tesseract.js, trained data from the npm package, offline)', () => {
  const ocr = createLocalOcr();
  afterAll(() => ocr.close());

  it('reads a bank card number and checks it with Luhn', async () => {
    const random = seededRandom(11);
    const number = randomBankCard(random);
    const image = await renderCardImage({ kind: 'bankCard', number, random, noise: 0.2, maxRotation: 1.5 });
    const reading = await ocr.recognize('bankCard', image);
    expect(reading).toMatchObject({ number, valid: true });
    expect(reading?.confidence).toBeGreaterThan(0.5);
  }, 60_000);

  it('reads an ID number and checks its GB 11643 digit', async () => {
    const random = seededRandom(5);
    const number = randomIdNumber(random);
    const image = await renderCardImage({ kind: 'idCard', number, random, noise: 0.2, maxRotation: 1.5 });
    expect(await ocr.recognize('idCard', image)).toMatchObject({ number, valid: true });
  }, 60_000);
});

describe('Tencent Cloud OCR slot (against a local fake)', () => {
  const secret = { secretId: 'AKIDocr', secretKey: 'ocr-secret' };
  const answers: unknown[] = [];
  const seen: { action: string; authorized: boolean; body: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const action = String(req.headers['x-tc-action']);
      const expected = tc3Authorization({
        ...secret,
        service: 'ocr',
        timestamp: Number(req.headers['x-tc-timestamp']),
        path: '/',
        signedHeaders: {
          'content-type': String(req.headers['content-type']),
          host: String(req.headers.host),
          'x-tc-action': action,
        },
        payload,
      });
      const authorized = req.headers.authorization === expected;
      seen.push({ action, authorized, body: JSON.parse(payload) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          authorized ? answers.shift() : { Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } },
        ),
      );
    });
  });
  const endpoint = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs the call, sends the picture and post-processes the number', async () => {
    const ocr = createTencentOcr({ ...secret, endpoint: await endpoint });
    answers.push({ Response: { CardNo: '6222 0212 3456 7894', RequestId: 'r1' } });
    expect(await ocr.recognize('bankCard', Buffer.from('jpeg-bytes'))).toEqual({
      number: '6222021234567894',
      valid: true,
      confidence: 0.95,
    });
    expect(seen.at(-1)).toMatchObject({
      action: 'BankCardOCR',
      authorized: true,
      body: { ImageBase64: Buffer.from('jpeg-bytes').toString('base64') },
    });

    answers.push({ Response: { IdNum: '11010519491231002X', RequestId: 'r2' } });
    expect(await ocr.recognize('idCard', Buffer.from('x'))).toMatchObject({
      number: '11010519491231002X',
      valid: true,
    });
    expect(seen.at(-1)?.action).toBe('IDCardOCR');
  });

  it('answers null when there is no card, and fails loudly on a refusal', async () => {
    const ocr = createTencentOcr({ ...secret, endpoint: await endpoint });
    answers.push({ Response: { Error: { Code: 'FailedOperation.NoBankCard', Message: 'no card' } } });
    expect(await ocr.recognize('bankCard', Buffer.from('x'))).toBeNull();
    const wrong = createTencentOcr({ ...secret, secretKey: 'wrong', endpoint: await endpoint });
    await expect(wrong.recognize('bankCard', Buffer.from('x'))).rejects.toBeInstanceOf(OcrUnavailableError);
  });
});
