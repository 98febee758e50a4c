import { STALE_VERSION_MESSAGE } from '@dms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerContacts, jobs } from '../../db/schema';
import { createContact, createCustomer, createJob } from '../../test/factories';
import { createRoleTestApp, type RoleTestApp } from '../../test/role-test-app';

let t: RoleTestApp;

beforeAll(async () => {
  t = await createRoleTestApp();
});
afterAll(() => t.close());

const school = {
  companyName: '  Hillside Primary  ',
  companyType: 'school',
  phone: '02 9999 0000',
  email: 'Office@Hillside.example',
  address: '1 School Rd',
};

describe('customers', () => {
  it('creates (201 with id), trims, defaults the type to other', async () => {
    const res = await t.asManager('POST', '/api/customers', school);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      companyName: 'Hillside Primary',
      companyType: 'school',
      phone: '02 9999 0000',
      email: 'office@hillside.example',
      address: '1 School Rd',
      billingEmail: null,
      paymentTermsDays: null,
      loyaltyPoints: 0,
      totalBookings: 0,
      totalRevenue: 0,
      isActive: 1,
      contactCount: 0,
      version: 1,
    });
    const plain = await t.asManager('POST', '/api/customers', {
      companyName: 'Walk-in',
      phone: '',
      email: '',
    });
    expect(plain.json()).toMatchObject({ companyType: 'other', phone: null, email: null, address: null });
    const one = await t.asManager('GET', `/api/customers/${res.json().id}`);
    expect(one.json().companyName).toBe('Hillside Primary');
    expect((await t.asManager('GET', '/api/customers/missing')).json()).toEqual({
      message: 'Customer not found',
    });
  });

  it.each([
    [{ companyName: '   ' }, 'companyName', 'Company name is required'],
    [{ companyName: undefined }, 'companyName', 'Company name is required'],
    [{ phone: '123456789' }, 'phone', 'Phone number must be at least 10 characters'],
    [{ email: 'office@' }, 'email', 'Please enter a valid email address'],
    [{ companyType: 'government' }, 'companyType', undefined],
    [{ billingEmail: 'accounts@' }, 'billingEmail', 'Please enter a valid email address'],
    [{ paymentTermsDays: 400 }, 'paymentTermsDays', 'Payment terms are 0 to 365 days'],
    [{ paymentTermsDays: 7.5 }, 'paymentTermsDays', 'Payment terms are 0 to 365 days'],
  ])('answers 400 for %j', async (override, path, message) => {
    const res = await t.asManager('POST', '/api/customers', { ...school, ...override });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().errors).toContainEqual({ path, message });
    else expect(res.json().errors).toContainEqual(expect.objectContaining({ path }));
  });

  it('keeps a billing email and payment terms for invoices, and clears them when the form leaves them out', async () => {
    const created = await t.asManager('POST', '/api/customers', {
      ...school,
      billingEmail: ' Accounts@Hillside.example ',
      paymentTermsDays: 30,
    });
    expect(created.json()).toMatchObject({ billingEmail: 'accounts@hillside.example', paymentTermsDays: 30 });
    const { id, version } = created.json();
    const cleared = await t.asManager('PUT', `/api/customers/${id}`, { ...school, version });
    expect(cleared.json()).toMatchObject({ billingEmail: null, paymentTermsDays: null });
    const zero = await t.asManager('PUT', `/api/customers/${id}`, { ...school, paymentTermsDays: 0 });
    expect(zero.json().paymentTermsDays).toBe(0);
  });

  it('is for managers only', async () => {
    const customer = await createCustomer(t.db);
    const contact = await createContact(t.db, customer.id);
    for (const [method, url] of [
      ['GET', '/api/customers'],
      ['GET', `/api/customers/${customer.id}`],
      ['GET', '/api/customers/contacts/all'],
      ['GET', `/api/customers/${customer.id}/contacts`],
      ['POST', '/api/customers'],
      ['PUT', `/api/customers/${customer.id}`],
      ['DELETE', `/api/customers/${customer.id}`],
      ['POST', `/api/customers/${customer.id}/contacts`],
      ['PUT', `/api/contacts/${contact.id}`],
      ['DELETE', `/api/contacts/${contact.id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? { companyName: 'X', name: 'X' } : undefined;
      expect((await t.asDriver(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.anonymous(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('searches company name, email, phone and contact names; filters by type; pages', async () => {
    const a = await createCustomer(t.db, { companyName: 'Zeta Search Co', email: 'bookings@zeta.example' });
    const b = await createCustomer(t.db, { companyName: 'Zeta Search School', companyType: 'school' });
    await createCustomer(t.db, { companyName: 'Zeta Search Travel', phone: '0411 222 333' });
    await createContact(t.db, b.id, 'Margaret Okonkwo');

    const byContact = await t.asManager('GET', '/api/customers?search=okonkwo');
    expect(byContact.json().items.map((c: { id: string }) => c.id)).toEqual([b.id]);
    const byEmail = await t.asManager('GET', '/api/customers?search=bookings@zeta');
    expect(byEmail.json().items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const byPhone = await t.asManager('GET', '/api/customers?search=0411');
    expect(byPhone.json().total).toBe(1);
    const bySchool = await t.asManager('GET', '/api/customers?search=zeta&type=school');
    expect(bySchool.json().items.map((c: { id: string }) => c.id)).toEqual([b.id]);

    const page = await t.asManager('GET', '/api/customers?search=zeta%20search&limit=2');
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.json().items.map((c: { companyName: string }) => c.companyName)).toEqual([
      'Zeta Search Co',
      'Zeta Search School',
    ]);
    expect(page.json().items[1].contactCount).toBe(1);
  });

  it('refuses a stale version with 409 and bumps the version on each update', async () => {
    const created = (await t.asManager('POST', '/api/customers', { companyName: 'Versioned Ltd' })).json();
    const ok = await t.asManager('PUT', `/api/customers/${created.id}`, {
      companyName: 'Versioned Pty Ltd',
      companyType: 'corporate',
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      companyName: 'Versioned Pty Ltd',
      companyType: 'corporate',
      version: 2,
    });
    const stale = await t.asManager('PUT', `/api/customers/${created.id}`, {
      companyName: 'Lost',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_VERSION_MESSAGE });
    expect(
      (await t.asManager('PUT', '/api/customers/missing', { companyName: 'X', version: 1 })).statusCode,
    ).toBe(404);
  });

  it('archives on delete: hidden from the active list, the job keeps its customer, restorable', async () => {
    const customer = await createCustomer(t.db, { companyName: 'Archive Me Pty' });
    const job = await createJob(t.db, { customerId: customer.id });
    const res = await t.asManager('DELETE', `/api/customers/${customer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Customer archived successfully' });
    expect((await t.asManager('GET', '/api/customers?search=archive%20me')).json().total).toBe(0);
    const archived = await t.asManager('GET', '/api/customers?search=archive%20me&includeInactive=1');
    expect(archived.json().items).toEqual([expect.objectContaining({ id: customer.id, isActive: 0 })]);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.customerId).toBe(customer.id);
    const restored = await t.asManager('PUT', `/api/customers/${customer.id}`, {
      companyName: 'Archive Me Pty',
      isActive: 1,
    });
    // An omitted type keeps the stored one.
    expect(restored.json()).toMatchObject({ isActive: 1, companyType: 'corporate' });
    expect((await t.asManager('DELETE', '/api/customers/missing')).statusCode).toBe(404);
  });
});

describe('contacts', () => {
  it('adds (201 with id), lists, edits', async () => {
    const customer = await createCustomer(t.db);
    const res = await t.asManager('POST', `/api/customers/${customer.id}/contacts`, {
      name: ' Pat Lee ',
      role: 'Principal',
      email: '',
      phone: '0400 111 222',
    });
    expect(res.statusCode).toBe(201);
    const contact = res.json();
    expect(contact).toEqual({
      id: expect.any(String),
      customerId: customer.id,
      name: 'Pat Lee',
      role: 'Principal',
      email: null,
      phone: '0400 111 222',
      isActive: 1,
    });
    const list = await t.asManager('GET', `/api/customers/${customer.id}/contacts`);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: contact.id }] });
    const edited = await t.asManager('PUT', `/api/contacts/${contact.id}`, {
      name: 'Pat Leigh',
      role: 'Teacher',
    });
    expect(edited.json()).toMatchObject({ name: 'Pat Leigh', role: 'Teacher', phone: null });
    expect((await t.asManager('GET', '/api/customers/missing/contacts')).statusCode).toBe(404);
    expect((await t.asManager('POST', '/api/customers/missing/contacts', { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await t.asManager('PUT', '/api/contacts/missing', { name: 'X' })).json()).toEqual({
      message: 'Contact not found',
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Contact name is required'],
    [{ name: 'Pat', email: 'pat@' }, 'email', 'Please enter a valid email address'],
    [{ name: 'Pat', phone: '12345' }, 'phone', 'Phone number must be at least 10 characters'],
  ])('answers 400 for %j', async (payload, path, message) => {
    const customer = await createCustomer(t.db);
    const res = await t.asManager('POST', `/api/customers/${customer.id}/contacts`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });

  it('deletes an unused contact, deactivates one that a job names', async () => {
    const customer = await createCustomer(t.db);
    const unused = await createContact(t.db, customer.id, 'Unused Contact');
    const used = await createContact(t.db, customer.id, 'Used Contact');
    await createJob(t.db, { customerId: customer.id, contactId: used.id });

    const deleted = await t.asManager('DELETE', `/api/contacts/${unused.id}`);
    expect(deleted.json()).toEqual({ message: 'Contact deleted successfully', deactivated: false });
    const kept = await t.asManager('DELETE', `/api/contacts/${used.id}`);
    expect(kept.json()).toEqual({
      message: 'Contact is used by 1 job, so it was deactivated instead of deleted',
      deactivated: true,
    });
    const rows = await t.db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.customerId, customer.id));
    expect(rows).toEqual([expect.objectContaining({ id: used.id, isActive: 0 })]);
    expect((await t.asManager('GET', `/api/customers/${customer.id}/contacts`)).json().total).toBe(0);
    expect(
      (await t.asManager('GET', `/api/customers/${customer.id}/contacts?includeInactive=1`)).json().total,
    ).toBe(1);
    expect((await t.asManager('DELETE', `/api/contacts/${unused.id}`)).statusCode).toBe(404);
  });

  it('lists all active contacts of active customers, paged', async () => {
    const active = await createCustomer(t.db, { companyName: 'Allcontacts Active' });
    const archived = await createCustomer(t.db, { companyName: 'Allcontacts Archived', isActive: 0 });
    await createContact(t.db, active.id, 'Allcontacts One');
    await createContact(t.db, active.id, 'Allcontacts Two');
    await createContact(t.db, archived.id, 'Allcontacts Hidden');
    const res = await t.asManager('GET', '/api/customers/contacts/all?search=allcontacts&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(res.json().items).toEqual([
      expect.objectContaining({ name: 'Allcontacts One', customerName: 'Allcontacts Active' }),
    ]);
  });
});

describe('the job form customer search', () => {
  it('ranks company prefix, contains, contact and phone matches, with contacts for the chips', async () => {
    // Letters only: the search also matches a query's digits against phone numbers, and a tag like
    // 'qmww0t4c1' once found the phone 0411 222 333 of another test's customer.
    const tag = `q${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;
    const contactOnly = await createCustomer(t.db, { companyName: `Acme ${tag}x` });
    await createContact(t.db, contactOnly.id, `${tag} Contact`);
    await createCustomer(t.db, { companyName: `Big ${tag} Tours` });
    await createCustomer(t.db, { companyName: `${tag} Coaches` });
    await createCustomer(t.db, { companyName: `${tag} Archived`, isActive: 0 });
    const res = await t.asManager('GET', `/api/customers/search?search=${tag}`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { customer: { companyName: string }; contacts: { name: string }[] }[];
    expect(items.map((i) => i.customer.companyName)).toEqual([
      `${tag} Coaches`,
      `Acme ${tag}x`,
      `Big ${tag} Tours`,
    ]);
    expect(items[1]?.contacts.map((c) => c.name)).toEqual([`${tag} Contact`]);
    const phone = await createCustomer(t.db, { companyName: 'Phone Match Pty', phone: '02 9876 5432' });
    const byPhone = (await t.asManager('GET', '/api/customers/search?search=98765')).json().items;
    expect(byPhone.map((i: { customer: { id: string } }) => i.customer.id)).toContain(phone.id);
    expect((await t.asDriver('GET', '/api/customers/search?search=a')).statusCode).toBe(403);
  });
});
