import { describe, expect, it } from 'vitest';
import { type DriverWork, describeDriverChanges, driverWorkOf, sameDriverWork } from './driver-changes';

const work: DriverWork = {
  serviceDate: '2027-05-04',
  start: '08:30',
  end: '09:15',
  vehicle: 'Blue BUS-1',
  pickup: 'Central Station',
  cancelled: false,
};

describe('a driver’s own work', () => {
  it('is their slot’s vehicle and the job’s day, times and first pickup; null off the job', () => {
    const job = {
      serviceDate: '2027-05-04',
      status: 'assigned' as const,
      legs: [
        { originAddress: 'Central Station', departureTime: '08:30', arrivalTime: '09:00' },
        { originAddress: 'Zoo', departureTime: '14:00', arrivalTime: '14:45' },
      ],
      vehicles: [
        { driverId: 'd1', vehicle: { registrationNumber: 'BUS-1', nickname: 'Blue' } },
        { driverId: 'd2', vehicle: { registrationNumber: 'BUS-2', nickname: null } },
      ],
    };
    // biome-ignore lint/suspicious/noExplicitAny: a partial job is enough for the rule
    expect(driverWorkOf(job as any, 'd1')).toEqual({ ...work, end: '14:45' });
    // biome-ignore lint/suspicious/noExplicitAny: as above
    expect(driverWorkOf(job as any, 'd2')?.vehicle).toBe('BUS-2');
    // biome-ignore lint/suspicious/noExplicitAny: as above
    expect(driverWorkOf(job as any, 'd3')).toBeNull();
  });

  it('is described change by change, and not at all when the same', () => {
    expect(sameDriverWork(work, { ...work })).toBe(true);
    expect(describeDriverChanges(work, { ...work })).toEqual([]);
    expect(describeDriverChanges(null, null)).toEqual([]);
    expect(describeDriverChanges(work, { ...work, vehicle: 'BUS-2', start: null })).toEqual([
      'Start: 08:30 → not set',
      'Vehicle: Blue BUS-1 → BUS-2',
    ]);
    expect(describeDriverChanges(work, { ...work, serviceDate: '2027-05-05' }, (d) => `on ${d}`)).toEqual([
      'Date: on 2027-05-04 → on 2027-05-05',
    ]);
    expect(describeDriverChanges(work, null)).toEqual(['You are no longer on this job.']);
    expect(describeDriverChanges(null, work)).toEqual(['You have been put on this job.']);
    expect(describeDriverChanges(work, { ...work, cancelled: true })).toEqual([
      'The job has been cancelled.',
    ]);
  });
});
