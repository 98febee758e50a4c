import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endOfShiftInspections, preDepartureInspections } from '../../db/schema';
import { createSessionIdentityResolver } from '../../plugins/session-identity';
import { signIn } from '../../test/auth-helpers';
import { createDriver, createManager, createVehicle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const JSON_HEADERS = { 'content-type': 'application/json' };
// The terminal PIN sign-in is not part of this module: a header stands in for a terminal session.
const TERMINAL_HEADER = 'x-test-terminal-driver';

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
  let t: TestApp;
  let manager: string;
  let driver: string;
  let driverId: string;

  beforeAll(async () => {
    t = await createTestApp({
      resolveIdentity: (request) => {
        const terminalDriverId = request.headers[TERMINAL_HEADER];
        if (typeof terminalDriverId === 'string') return { user: null, terminalDriverId };
        return createSessionIdentityResolver(request.server.db)(request);
      },
    });
    manager = await signIn(t.app, (await createManager(t.db)).email);
    const d = await createDriver(t.db);
    driverId = d.id;
    driver = await signIn(t.app, d.email);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = { cookie: manager },
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(payload === undefined ? { 'x-requested-with': 'XMLHttpRequest' } : JSON_HEADERS),
        ...headers,
      },
      payload: payload as object | undefined,
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/api/inspection-questions', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Question;
  };
  const list = async (query = '', headers: Record<string, string> = { cookie: manager }) => {
    const res = await call('GET', `/api/inspection-questions${query}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Question[];
  };

  it('validates with the form messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'question', 'Question is required'],
      [{ question: '   ' }, 'question', 'Question is required'],
      [{ question: 'Tyres?', sortOrder: 'abc' }, 'sortOrder', 'Sort order must be a number'],
    ];
    for (const [body, path, message] of cases) {
      const res = await call('POST', '/api/inspection-questions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ path, message }] });
    }
    for (const body of [
      { question: 'x', type: 'weekly' },
      { question: 'x', category: 'Brakes' },
      { question: 'x', requiresPhoto: 2 },
    ]) {
      expect((await call('POST', '/api/inspection-questions', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    const put = await call('PUT', '/api/inspection-questions/x', { question: '' });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('Question is required');
    expect((await call('GET', '/api/inspection-questions?type=weekly')).statusCode).toBe(400);
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
    await call('DELETE', `/api/inspection-questions/${tie.id}`);
    await call('DELETE', `/api/inspection-questions/${tie2.id}`);
  });

  it('changes only the fields sent, and answers 404 for a missing question', async () => {
    const [q] = await list('?type=pre_departure');
    const res = await call('PUT', `/api/inspection-questions/${q!.id}`, {
      question: 'Tyres: tread and pressure OK?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...q, question: 'Tyres: tread and pressure OK?' });
    const full = await call('PUT', `/api/inspection-questions/${q!.id}`, {
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
    expect((await call('PUT', `/api/inspection-questions/${missing}`, { question: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/inspection-questions/${missing}`)).statusCode).toBe(404);
  });

  it('lets only managers write, and anyone signed in read', async () => {
    const [q] = await list();
    for (const [headers, status] of [
      [{ cookie: driver }, 403],
      // A terminal session is no user session: manager routes treat it as anonymous.
      [{ [TERMINAL_HEADER]: driverId }, 401],
      [{}, 401],
    ] as const) {
      expect((await call('POST', '/api/inspection-questions', { question: 'x' }, headers)).statusCode).toBe(
        status,
      );
      expect(
        (await call('PUT', `/api/inspection-questions/${q!.id}`, { question: 'x' }, headers)).statusCode,
      ).toBe(status);
      expect(
        (await call('DELETE', `/api/inspection-questions/${q!.id}`, undefined, headers)).statusCode,
      ).toBe(status);
    }
    expect((await call('GET', '/api/inspection-questions', undefined, {})).statusCode).toBe(401);
  });

  it('deletes an unanswered question, deactivates an answered one, and hides it from drivers', async () => {
    const vehicle = await createVehicle(t.db);
    const unanswered = await create({ question: 'Horn works?' });
    const answered = await create({ question: 'Brakes tested?', category: 'Safety' });
    const answeredAtEnd = await create({ question: 'Windows closed?', type: 'end_of_shift' });
    await t.db.insert(preDepartureInspections).values({
      driverId,
      vehicleId: vehicle.id,
      overallStatus: 'pass',
      responses: [
        { questionId: answered.id, passed: true, notes: null },
        { questionId: 'another', passed: null },
      ],
    });
    await t.db.insert(endOfShiftInspections).values({
      driverId,
      vehicleId: vehicle.id,
      responses: [{ questionId: answeredAtEnd.id, passed: false, notes: 'left open' }],
    });

    const deleted = await call('DELETE', `/api/inspection-questions/${unanswered.id}`);
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
      const res = await call('DELETE', `/api/inspection-questions/${q.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Inspection question deactivated: submitted inspections answered it',
        deactivated: true,
      });
    }

    const managerAll = await list('?includeInactive=1');
    expect(managerAll.find((q) => q.id === answered.id)?.isActive).toBe(0);
    expect((await list()).map((q) => q.id)).not.toContain(answered.id);
    for (const headers of [{ cookie: driver }, { [TERMINAL_HEADER]: driverId }] as Record<string, string>[]) {
      const seen = await list('?includeInactive=1', headers);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((q) => q.isActive === 1)).toBe(true);
      expect(seen.map((q) => q.id)).not.toContain(answered.id);
      expect(seen.map((q) => q.id)).not.toContain(answeredAtEnd.id);
    }

    // A manager can bring it back.
    const back = await call('PUT', `/api/inspection-questions/${answered.id}`, { isActive: 1 });
    expect(back.json().isActive).toBe(1);
    expect((await list('', { cookie: driver })).map((q) => q.id)).toContain(answered.id);
  });
});
