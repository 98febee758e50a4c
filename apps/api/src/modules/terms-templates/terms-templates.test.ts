import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsTemplates } from '../../db/schema';
import { createJob } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

describe('terms templates', () => {
  let t: RoleTestApp;

  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => t.asManager('POST', '/api/terms-templates', body);

  it('is for managers only', async () => {
    for (const [as, status] of [
      [t.asDriver, 403],
      [t.anonymous, 401],
    ] as const) {
      expect((await as('GET', '/api/terms-templates')).statusCode).toBe(status);
      expect((await as('GET', '/api/terms-templates/default')).statusCode).toBe(status);
      expect((await as('POST', '/api/terms-templates', { name: 'x', content: 'y' })).statusCode).toBe(status);
      expect((await as('PATCH', '/api/terms-templates/x', { name: 'x' })).statusCode).toBe(status);
      expect((await as('DELETE', '/api/terms-templates/x')).statusCode).toBe(status);
    }
  });

  it('answers 404 without a default template', async () => {
    const res = await t.asManager('GET', '/api/terms-templates/default');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No default template' });
  });

  it('requires a name and content', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ content: '<p>x</p>' }, 'name', 'Template name is required'],
      [{ name: '  ', content: '<p>x</p>' }, 'name', 'Template name is required'],
      [{ name: 'Standard' }, 'content', 'Template content is required'],
      [{ name: 'Standard', content: '' }, 'content', 'Template content is required'],
      // Nothing visible once sanitised.
      [
        { name: 'Standard', content: '<p></p><script>alert(1)</script>' },
        'content',
        'Template content is required',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message });
      expect(res.json().errors).toContainEqual({ path, message });
    }
    const patch = await t.asManager('PATCH', '/api/terms-templates/whatever', { name: '' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe('Template name is required');
  });

  it('creates templates with sanitised content, created by the manager', async () => {
    const res = await create({
      name: 'Standard Charter Terms',
      content: '<p>Deposit <strong>20%</strong><img src=x onerror="alert(1)"></p><script>alert(1)</script>',
      isDefault: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Standard Charter Terms',
      content: '<p>Deposit <strong>20%</strong></p>',
      isDefault: 1,
      isActive: 1,
    });
    const row = await t.db.query.termsTemplates.findFirst({
      where: (tt, { eq }) => eq(tt.id, res.json().id),
    });
    expect(row?.createdBy).toBe(t.manager.user.id);
    expect(row?.content).not.toContain('script');
    expect(row?.content).not.toContain('onerror');
  });

  it('keeps exactly one default and lists the default first, then by name', async () => {
    const school = await create({ name: 'School Excursion Terms', content: '<p>School</p>', isDefault: 1 });
    expect(school.statusCode).toBe(201);
    const another = await create({ name: 'Another', content: '<p>A</p>' });
    expect(another.json().isDefault).toBe(0);

    const defaults = await t.db.query.termsTemplates.findMany({ where: (tt, { eq }) => eq(tt.isDefault, 1) });
    expect(defaults.map((d) => d.name)).toEqual(['School Excursion Terms']);
    const list = await t.asManager('GET', '/api/terms-templates');
    expect(list.json().map((x: { name: string }) => x.name)).toEqual([
      'School Excursion Terms',
      'Another',
      'Standard Charter Terms',
    ]);
    expect((await t.asManager('GET', '/api/terms-templates/default')).json().name).toBe(
      'School Excursion Terms',
    );

    // Making another the default moves the flag.
    const patched = await t.asManager('PATCH', `/api/terms-templates/${another.json().id}`, { isDefault: 1 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Another', isDefault: 1 });
    const after = await t.db.query.termsTemplates.findMany({ where: (tt, { eq }) => eq(tt.isDefault, 1) });
    expect(after.map((d) => d.name)).toEqual(['Another']);

    // A PATCH without isDefault leaves it alone; content is sanitised again.
    const renamed = await t.asManager('PATCH', `/api/terms-templates/${another.json().id}`, {
      name: 'Another Terms',
      content: '<p onmouseover="x()">New</p>',
    });
    expect(renamed.json()).toMatchObject({ name: 'Another Terms', content: '<p>New</p>', isDefault: 1 });
    const unset = await t.asManager('PATCH', `/api/terms-templates/${another.json().id}`, {
      isDefault: false,
    });
    expect(unset.json().isDefault).toBe(0);
    expect((await t.asManager('GET', '/api/terms-templates/default')).statusCode).toBe(404);
  });

  it('keeps one default when several are made default at once', async () => {
    const results = await Promise.all(
      ['Race A', 'Race B', 'Race C'].map((name) => create({ name, content: '<p>r</p>', isDefault: 1 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const defaults = await t.db.query.termsTemplates.findMany({ where: (tt, { eq }) => eq(tt.isDefault, 1) });
    expect(defaults).toHaveLength(1);
  });

  it('answers 404 for a missing template', async () => {
    const missing = '00000000-0000-0000-0000-000000000000';
    expect((await t.asManager('PATCH', `/api/terms-templates/${missing}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await t.asManager('PATCH', `/api/terms-templates/${missing}`, { isDefault: 1 })).statusCode).toBe(
      404,
    );
    const del = await t.asManager('DELETE', `/api/terms-templates/${missing}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Template not found' });
  });

  it('deletes an unused template, deactivates one that jobs used', async () => {
    const unused = (await create({ name: 'Unused', content: '<p>u</p>' })).json();
    const del = await t.asManager('DELETE', `/api/terms-templates/${unused.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Template deleted successfully', deactivated: false });
    expect(
      await t.db.query.termsTemplates.findFirst({ where: (tt, { eq }) => eq(tt.id, unused.id) }),
    ).toBeUndefined();

    const used = (await create({ name: 'Used', content: '<p>u</p>', isDefault: 1 })).json();
    await createJob(t.db, { termsTemplateId: used.id, termsAndConditions: '<p>u</p>' });
    const deactivated = await t.asManager('DELETE', `/api/terms-templates/${used.id}`);
    expect(deactivated.json()).toEqual({ message: 'Template deleted successfully', deactivated: true });
    const row = await t.db.query.termsTemplates.findFirst({ where: (tt, { eq }) => eq(tt.id, used.id) });
    expect(row).toMatchObject({ isActive: 0, isDefault: 0 });
    const list = (await t.asManager('GET', '/api/terms-templates')).json();
    expect(list.map((x: { id: string }) => x.id)).not.toContain(used.id);
    expect((await t.asManager('DELETE', `/api/terms-templates/${used.id}`)).statusCode).toBe(404);
    expect(
      (await t.asManager('PATCH', `/api/terms-templates/${used.id}`, { name: 'again' })).statusCode,
    ).toBe(404);
    expect(await t.db.$count(termsTemplates)).toBeGreaterThan(0);
  });
});
