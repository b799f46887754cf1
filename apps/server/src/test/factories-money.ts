import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { clients } from '../db/schema/cases.ts';
import type { TestApp } from './build-test-app.ts';
import { giveConsent } from './factories-cases.ts';
import { createCompany, createStaff, createTeam, insertRow } from './factories.ts';

/** A case (issue 3 owns the table; tests insert the row directly). */
export async function createCase(
  db: TestApp['db'],
  owner: { corpId: number; id: number; teamId: number | null },
  name = '测试客户',
) {
  const row = await insertRow(
    db,
    clients,
    { corpId: owner.corpId, ownerId: owner.id, teamId: owner.teamId, name, phone: '13900000000' },
    'case',
  );
  // Its client has consented (decision 073): the money tests are about what follows intake.
  await giveConsent(db, row);
  return row;
}

/**
 * The cast of a money test: a company with a team (owner, their leader, a colleague), customer service
 * (job 3), and a second company's salesperson; one case owned by `owner`.
 */
export async function createMoneyWorld(db: TestApp['db']) {
  const corp = await createCompany(db);
  const team = await createTeam(db, corp.id);
  const otherTeam = await createTeam(db, corp.id);
  const owner = await createStaff(db, corp.id, { teamId: team.id });
  const leader = await createStaff(db, corp.id, { teamId: team.id, isLeader: true });
  const colleague = await createStaff(db, corp.id, { teamId: team.id });
  const otherLeader = await createStaff(db, corp.id, { teamId: otherTeam.id, isLeader: true });
  const service = await createStaff(db, corp.id, { teamId: otherTeam.id, jobs: [3] });
  const otherCorp = await createCompany(db);
  const stranger = await createStaff(db, otherCorp.id, { isLeader: true, jobs: [3] });
  const theCase = await createCase(db, owner);
  return { corp, team, owner, leader, colleague, otherLeader, service, otherCorp, stranger, theCase };
}

/** A real photo-like JPEG; `exif` adds camera metadata with a GPS position, as phones write it. */
export async function makeJpeg({
  width = 800,
  height = 600,
  exif = false,
}: { width?: number; height?: number; exif?: boolean } = {}) {
  // Noise, as a camera's sensor gives: a flat colour would compress so well that "half the file" is all of it.
  let image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="40" y="120" font-size="80" fill="#fff">POS 1234</text></svg>`,
      ),
    },
  ]);
  if (exif) {
    image = image.withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Model X', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 0/1' },
    });
  }
  return image.jpeg({ quality: 90 }).toBuffer();
}

export const makePng = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 250, g: 250, b: 250, alpha: 1 } } })
    .png()
    .toBuffer();

/** A multipart request with one file, as the phone sends it. */
export async function postFile(
  test: TestApp,
  url: string,
  fields: Record<string, string | number>,
  file: Buffer | null,
  { cookie, filename = 'photo.jpg', type = 'image/jpeg' }: { cookie?: string; filename?: string; type?: string } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return test.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': request.headers.get('content-type') ?? '', ...(cookie ? { cookie } : {}) },
  });
}

/** A small JPEG uploaded for a case as a proof image, as the phone does before attaching it; the image's id. */
export async function uploadProofImage(test: TestApp, cookie: string, clientId: number): Promise<number> {
  const response = await postFile(
    test,
    '/api/ysb/uploadImg',
    { id: clientId },
    await makeJpeg({ width: 320, height: 240 }),
    { cookie },
  );
  const id = response.json<{ data: { image: { id: number } } | null }>().data?.image.id;
  if (!id) throw new Error(`upload failed: ${response.body}`);
  return id;
}
