import { SCAN_MAX_BYTES, SCAN_MESSAGES } from '@dms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriver, createVehicle } from '../../test/factories';
import { type Caller, createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';
import { tinyPng } from '../logos/test-images';

// Scans of compliance records (issue 26, ADR 35): uploaded through the signed PUT and judged by their
// bytes, attached to a record (the one before kept), and served to managers and to the driver the
// record is about; anyone else gets 404.

/** A small but whole PDF: the header, one empty page, the end marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

let t: RoleTestApp;
beforeAll(async () => {
  t = await createRoleTestApp({ tempDataDir: true });
});
afterAll(() => t.close());

type Scan = { id: string; kind: string; fileName: string; contentType: string; size: number; url: string };

/** The manager's whole upload: the address, the PUT (a browser's, with no cookie), the attach. */
async function upload(
  subject: 'drivers' | 'vehicles',
  id: string,
  kind: string,
  file: Buffer,
  contentType: string,
  fileName: string,
) {
  const { uploadURL, key } = expectJson<{ uploadURL: string; key: string }>(
    await t.asManager('POST', `/api/${subject}/${id}/compliance/scans/upload`, {
      kind,
      fileName,
      contentType,
      size: file.length,
    }),
    200,
  );
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': contentType },
    payload: file,
  });
  return {
    put,
    key,
    uploadURL,
    attach: () => t.asManager('POST', `/api/${subject}/${id}/compliance/scans`, { kind, key, fileName }),
  };
}

const scansOf = async (as: Caller, url: string) =>
  expectJson<{ items: Scan[] }>(await as('GET', url), 200).items;

describe('scans of a driver’s records', () => {
  it('takes a PDF and a picture, serves them to managers and the driver, keeps the one replaced', async () => {
    const driverId = t.driver.user.id;
    const licence = await upload('drivers', driverId, 'licence', PDF, 'application/pdf', 'licence front.pdf');
    expect(licence.put.statusCode).toBe(200);
    const scan = expectJson<Scan>(await licence.attach(), 201);
    expect(scan).toMatchObject({
      kind: 'licence',
      fileName: 'licence front.pdf',
      contentType: 'application/pdf',
    });

    const served = await t.asManager('GET', scan.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toContain('inline; filename="licence front.pdf"');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PDF)).toBe(true);
    // The driver reads their own, in their record and in My Documents.
    expect((await t.asDriver('GET', scan.url)).statusCode).toBe(200);
    expect((await scansOf(t.asDriver, `/api/drivers/${driverId}/compliance/scans`)).map((s) => s.id)).toEqual(
      [scan.id],
    );
    expect((await scansOf(t.asDriver, '/api/compliance/mine/scans')).map((s) => s.kind)).toEqual(['licence']);

    // A picture of the medical, then a new licence scan: the old one is out of force but still served.
    const medical = await upload('drivers', driverId, 'medical', tinyPng(), 'image/png', 'medical.png');
    expectJson(await medical.attach(), 201);
    const renewed = await upload(
      'drivers',
      driverId,
      'licence',
      PDF,
      'application/pdf',
      'licence renewed.pdf',
    );
    const newer = expectJson<Scan>(await renewed.attach(), 201);
    const current = await scansOf(t.asManager, `/api/drivers/${driverId}/compliance/scans`);
    expect(current.map((s) => [s.kind, s.fileName])).toEqual([
      ['licence', 'licence renewed.pdf'],
      ['medical', 'medical.png'],
    ]);
    expect(newer.id).not.toBe(scan.id);
    expect((await t.asManager('GET', scan.url)).statusCode).toBe(200);
    const picture = await t.asManager('GET', current[1]!.url);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-security-policy']).toContain('sandbox');
  });

  it('shows a driver nobody else’s scans, and a vehicle’s to managers only: 404, not 403', async () => {
    const other = await createDriver(t.db, { firstName: 'Olive', lastName: 'Other' });
    const hers = await upload('drivers', other.id, 'medical', PDF, 'application/pdf', 'olive.pdf');
    const hersScan = expectJson<Scan>(await hers.attach(), 201);
    expect((await t.asDriver('GET', hersScan.url)).statusCode).toBe(404);
    expect((await t.asDriver('GET', `/api/drivers/${other.id}/compliance/scans`)).statusCode).toBe(404);

    const coach = await createVehicle(t.db, {});
    const rego = await upload('vehicles', coach.id, 'registration', PDF, 'application/pdf', 'rego.pdf');
    const regoScan = expectJson<Scan>(await rego.attach(), 201);
    expect((await t.asDriver('GET', regoScan.url)).statusCode).toBe(404);
    expect((await t.asDriver('GET', `/api/vehicles/${coach.id}/compliance/scans`)).statusCode).toBe(403);
    expect(
      (await scansOf(t.asManager, `/api/vehicles/${coach.id}/compliance/scans`)).map((s) => s.kind),
    ).toEqual(['registration']);
    expect((await t.anonymous('GET', regoScan.url)).statusCode).toBe(401);
    expect((await t.asManager('GET', '/api/compliance/scans/no-such-scan/file')).statusCode).toBe(404);
  });
});

describe('what a scan refuses', () => {
  it('judges the bytes: text called a PDF, a picture called a PDF, too large, a used address', async () => {
    const driverId = t.driver.user.id;
    const before = await scansOf(t.asManager, `/api/drivers/${driverId}/compliance/scans`);

    const text = await upload(
      'drivers',
      driverId,
      'childrenCheck',
      Buffer.from('just some text, honestly'),
      'application/pdf',
      'wwcc.pdf',
    );
    expect(text.put.statusCode).toBe(400);
    expect(text.put.json().message).toBe(SCAN_MESSAGES.content);
    // Nothing was stored, so nothing can be attached.
    const attached = await text.attach();
    expect(attached.statusCode).toBe(400);
    expect(attached.json().message).toBe(SCAN_MESSAGES.notUploaded);

    const png = await upload('drivers', driverId, 'childrenCheck', tinyPng(), 'application/pdf', 'wwcc.pdf');
    expect(png.put.statusCode).toBe(400);

    const big = await t.asManager('POST', `/api/drivers/${driverId}/compliance/scans/upload`, {
      kind: 'licence',
      fileName: 'huge.pdf',
      contentType: 'application/pdf',
      size: SCAN_MAX_BYTES + 1,
    });
    expect(big.statusCode).toBe(400);
    expect(JSON.stringify(big.json())).toContain(SCAN_MESSAGES.size);

    const exe = await t.asManager('POST', `/api/drivers/${driverId}/compliance/scans/upload`, {
      kind: 'licence',
      fileName: 'setup.exe',
      contentType: 'application/x-msdownload',
      size: 10,
    });
    expect(exe.statusCode).toBe(400);

    const twice = await upload('drivers', driverId, 'licence', PDF, 'application/pdf', 'again.pdf');
    expect(twice.put.statusCode).toBe(200);
    // The address is single use.
    const again = await t.app.inject({
      method: 'PUT',
      url: twice.uploadURL,
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(again.statusCode).toBe(403);

    const wrongKind = await t.asManager('POST', `/api/drivers/${driverId}/compliance/scans/upload`, {
      kind: 'registration',
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      size: 10,
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(
      (
        await t.asManager('POST', '/api/drivers/nobody/compliance/scans/upload', {
          kind: 'licence',
          fileName: 'x.pdf',
          contentType: 'application/pdf',
          size: 10,
        })
      ).statusCode,
    ).toBe(404);
    // A driver cannot upload, even to their own record.
    expect(
      (
        await t.asDriver('POST', `/api/drivers/${driverId}/compliance/scans/upload`, {
          kind: 'licence',
          fileName: 'x.pdf',
          contentType: 'application/pdf',
          size: 10,
        })
      ).statusCode,
    ).toBe(403);

    expect(await scansOf(t.asManager, `/api/drivers/${driverId}/compliance/scans`)).toEqual(before);
  });
});
