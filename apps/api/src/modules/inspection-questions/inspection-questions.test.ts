import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endOfShiftInspections, preDepartureInspections } from '../../db/schema';
import { createVehicle } from '../../test/factories';
import { type Caller, createRoleTestApp, expectJson, type RoleTestApp } from '../../test/role-test-app';

interface Question {
  id: string;
  type: string;
  question: string;
  category: string;
  requiresPhoto: 0 | 1;
  isActive: 0 | 1;
  sortOrder: number;
}

describe('inspection questions', () => {
  let t: RoleTestApp;

  beforeAll(async () => {
    t = await createRoleTestApp({ terminal: true });
  });
  afterAll(() => t.close());

  const ROUTE = '/api/inspection-questions';
  const create = async (body: object) => expectJson<Question>(await t.asManager('POST', ROUTE, body), 201);
  const list = async (query = '', as: Caller = t.asManager) =>
    expectJson<Question[]>(await as('GET', `${ROUTE}${query}`), 200);

  it('validates with the form messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'question', 'Question is required'],
      [{ question: '   ' }, 'question', 'Question is required'],
      [{ question: 'Tyres?', sortOrder: 'abc' }, 'sortOrder', 'Sort order must be a number'],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.asManager('POST', '/api/inspection-questions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ path, message }] });
    }
    for (const body of [
      { question: 'x', type: 'weekly' },
      { question: 'x', category: 'Brakes' },
      { question: 'x', requiresPhoto: 2 },
    ]) {
      expect(
        (await t.asManager('POST', '/api/inspection-questions', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    const put = await t.asManager('PUT', '/api/inspection-questions/x', { question: '' });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('Question is required');
    expect((await t.asManager('GET', '/api/inspection-questions?type=weekly')).statusCode).toBe(400);
  });

  it('places a new question after the last one of its type unless told otherwise', async () => {
    const first = await create({ question: 'Tyres in good condition?', category: 'Safety' });
    expect(first).toMatchObject({
      type: 'pre_departure',
      category: 'Safety',
      requiresPhoto: 0,
      isActive: 1,
      sortOrder: 0,
    });
    const second = await create({ question: 'Lights working?', category: 'Lights', requiresPhoto: true });
    expect(second).toMatchObject({ sortOrder: 1, requiresPhoto: 1 });
    const placed = await create({ question: 'Mirrors adjusted?', sortOrder: 10 });
    expect(placed.sortOrder).toBe(10);
    expect((await create({ question: 'Fire extinguisher present?' })).sortOrder).toBe(11);
    // End-of-shift questions count on their own.
    expect(
      (await create({ question: 'Bus clean?', type: 'end_of_shift', category: 'Interior' })).sortOrder,
    ).toBe(0);
    expect(
      (await create({ question: 'Fuel above half?', type: 'end_of_shift', sortOrder: '5' })).sortOrder,
    ).toBe(5);
  });

  it('lists by sort order, then age, per type', async () => {
    const tie = await create({ question: 'Tie A', type: 'end_of_shift', sortOrder: 3 });
    const tie2 = await create({ question: 'Tie B', type: 'end_of_shift', sortOrder: 3 });
    const endOfShift = await list('?type=end_of_shift');
    expect(endOfShift.map((q) => q.question)).toEqual(['Bus clean?', 'Tie A', 'Tie B', 'Fuel above half?']);
    expect(endOfShift.every((q) => q.type === 'end_of_shift')).toBe(true);
    const pre = await list('?type=pre_departure');
    expect(pre.map((q) => q.sortOrder)).toEqual([0, 1, 10, 11]);
    expect((await list()).length).toBe(8);
    await t.asManager('DELETE', `/api/inspection-questions/${tie.id}`);
    await t.asManager('DELETE', `/api/inspection-questions/${tie2.id}`);
  });

  it('changes only the fields sent, and answers 404 for a missing question', async () => {
    const [q] = await list('?type=pre_departure');
    const res = await t.asManager('PUT', `/api/inspection-questions/${q!.id}`, {
      question: 'Tyres: tread and pressure OK?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...q, question: 'Tyres: tread and pressure OK?' });
    const full = await t.asManager('PUT', `/api/inspection-questions/${q!.id}`, {
      question: 'Tyres OK?',
      category: 'Mechanical',
      requiresPhoto: 1,
      sortOrder: 4,
      type: 'pre_departure',
    });
    expect(full.json()).toMatchObject({
      question: 'Tyres OK?',
      category: 'Mechanical',
      requiresPhoto: 1,
      sortOrder: 4,
    });
    const missing = '00000000-0000-0000-0000-000000000000';
    expect(
      (await t.asManager('PUT', `/api/inspection-questions/${missing}`, { question: 'x' })).statusCode,
    ).toBe(404);
    expect((await t.asManager('DELETE', `/api/inspection-questions/${missing}`)).statusCode).toBe(404);
  });

  it('lets only managers write, and anyone signed in read', async () => {
    const [q] = await list();
    for (const [as, status] of [
      [t.asDriver, 403],
      // A terminal session is no user session: manager routes treat it as anonymous.
      [t.asTerminal, 401],
      [t.anonymous, 401],
    ] as const) {
      expect((await as('POST', '/api/inspection-questions', { question: 'x' })).statusCode).toBe(status);
      expect((await as('PUT', `/api/inspection-questions/${q!.id}`, { question: 'x' })).statusCode).toBe(
        status,
      );
      expect((await as('DELETE', `/api/inspection-questions/${q!.id}`)).statusCode).toBe(status);
    }
    expect((await t.anonymous('GET', '/api/inspection-questions')).statusCode).toBe(401);
  });

  it('deletes an unanswered question, deactivates an answered one, and hides it from drivers', async () => {
    const vehicle = await createVehicle(t.db);
    const unanswered = await create({ question: 'Horn works?' });
    const answered = await create({ question: 'Brakes tested?', category: 'Safety' });
    const answeredAtEnd = await create({ question: 'Windows closed?', type: 'end_of_shift' });
    await t.db.insert(preDepartureInspections).values({
      driverId: t.driver.user.id,
      vehicleId: vehicle.id,
      overallStatus: 'pass',
      responses: [
        { questionId: answered.id, passed: true, notes: null },
        { questionId: 'another', passed: null },
      ],
    });
    await t.db.insert(endOfShiftInspections).values({
      driverId: t.driver.user.id,
      vehicleId: vehicle.id,
      responses: [{ questionId: answeredAtEnd.id, passed: false, notes: 'left open' }],
    });

    const deleted = await t.asManager('DELETE', `/api/inspection-questions/${unanswered.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Inspection question deleted successfully',
      deactivated: false,
    });
    expect(
      await t.db.query.inspectionTemplateQuestions.findFirst({
        where: (q, { eq }) => eq(q.id, unanswered.id),
      }),
    ).toBeUndefined();

    for (const q of [answered, answeredAtEnd]) {
      const res = await t.asManager('DELETE', `/api/inspection-questions/${q.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Inspection question deactivated: submitted inspections answered it',
        deactivated: true,
      });
    }

    const managerAll = await list('?includeInactive=1');
    expect(managerAll.find((q) => q.id === answered.id)?.isActive).toBe(0);
    expect((await list()).map((q) => q.id)).not.toContain(answered.id);
    for (const as of [t.asDriver, t.asTerminal]) {
      const seen = await list('?includeInactive=1', as);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((q) => q.isActive === 1)).toBe(true);
      expect(seen.map((q) => q.id)).not.toContain(answered.id);
      expect(seen.map((q) => q.id)).not.toContain(answeredAtEnd.id);
    }

    // A manager can bring it back.
    const back = await t.asManager('PUT', `/api/inspection-questions/${answered.id}`, { isActive: 1 });
    expect(back.json().isActive).toBe(1);
    expect((await list('', t.asDriver)).map((q) => q.id)).toContain(answered.id);
  });
});
