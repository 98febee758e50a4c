import { z } from 'zod';
import { JOB_STATUSES, type JobSummary } from './job.schema';
import { QUOTE_LINK_STATUSES } from './quote-link.schema';

/**
 * The manager's job list as the screen reads it (ADR 40): each row a tuple of its cells in this order,
 * not an object, because the keys of 50 objects were a third of a page (bench/NOTES.md §16).
 * `GET /api/jobs?shape=rows` answers these; without it the same rows are sent as JobSummary objects.
 * jobSummaryFromRow is the one reading of a row, on the screen and in the API.
 */
const nullableText = z.string().nullable();

export const JobListRowSchema = z.tuple([
  z.string(), // id
  z.string(), // jobNumber
  nullableText, // title
  z.enum(JOB_STATUSES), // status
  nullableText, // serviceDate
  z.string(), // updatedAt (ISO)
  z.number(), // totalPrice
  z.string(), // currency
  z.tuple([z.string(), nullableText]).nullable(), // customer: company, phone
  z.array(z.tuple([nullableText, nullableText, nullableText])), // legs: origin, destination, departure
  z.array(
    z.tuple([
      z.tuple([z.string(), nullableText]).nullable(), // vehicle: registration, nickname
      nullableText, // the slot's category, while it has no vehicle
      z.tuple([z.string(), z.string(), nullableText]).nullable(), // driver: first, last name, clocked in at
    ]),
  ), // slots
  z.number().int(), // hasUpdates
  z.number().int(), // pendingRequests
  nullableText, // seriesId
  z.tuple([z.enum(QUOTE_LINK_STATUSES), z.string()]).nullable(), // newest quote link: status, at
]);
export type JobListRow = z.infer<typeof JobListRowSchema>;

export function jobSummaryFromRow(row: JobListRow): JobSummary {
  const [
    id,
    jobNumber,
    title,
    status,
    serviceDate,
    updatedAt,
    totalPrice,
    currency,
    customer,
    legs,
    slots,
    ...marks
  ] = row;
  const [hasUpdates, pendingRequests, seriesId, quoteLink] = marks;
  return {
    id,
    jobNumber,
    title,
    status,
    serviceDate,
    updatedAt,
    totalPrice,
    currency,
    hasUpdates: hasUpdates === 1 ? 1 : 0,
    pendingRequests,
    seriesId,
    customer: customer && { companyName: customer[0], phone: customer[1] },
    legs: legs.map(([originAddress, destinationAddress, departureTime]) => ({
      originAddress,
      destinationAddress,
      departureTime,
    })),
    vehicles: slots.map(([vehicle, categoryName, driver]) => ({
      categoryName,
      vehicle: vehicle && { registrationNumber: vehicle[0], nickname: vehicle[1] },
      driver: driver && { firstName: driver[0], lastName: driver[1], clockedInAt: driver[2] },
    })),
    quoteLink: quoteLink && { status: quoteLink[0], at: quoteLink[1] },
  };
}
