import { effectiveOfferStatus, type Job, type JobLeg, type JobSlot, type PriceAdjustment } from '@dms/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';

// Jobs with their customer, contact, legs, slots (vehicle, driver, depots, latest offer) and pending
// request count, read in ONE statement that has PostgreSQL build each job as JSON. The list, the
// detail and every other job read go through here: one statement instead of five, and no query
// builder or row mapping per request (bench/NOTES.md §7). Everything inside is rendered by
// PostgreSQL, so both engines answer the same text; instants travel as epoch milliseconds.

export const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)`;

const SLOTS = `coalesce((
  select json_agg(json_build_object(
    'id', s.id, 'slotPosition', s.slot_position, 'vehicleNotes', s.vehicle_notes,
    'requirementNotes', r.vehicle_notes, 'requirementCategoryId', r.category_id,
    'requirementCategoryName', r.category_name, 'requirementColor', r.category_color,
    'vehicleCategoryId', v.category_id, 'vehicleCategoryName', vc.name, 'vehicleCategoryColor', vc.color,
    'vehicleId', s.vehicle_id, 'vehicleRego', v.registration_number, 'vehicleNickname', v.nickname,
    'vehicleMake', v.make, 'vehicleModel', v.model, 'vehicleSeated', v.seated_capacity, 'vehicleType', v.type,
    'driverId', s.driver_id, 'driverFirstName', u.first_name, 'driverLastName', u.last_name,
    'startingDepotId', sd.id, 'startingDepotName', sd.name, 'endingDepotId', ed.id, 'endingDepotName', ed.name,
    'offerStatus', o.status, 'offerExpiresAt', ${epochMs('o.expires_at')}
  ) order by s.slot_position, s.created_at)
  from job_vehicles s
  left join job_requirements r on r.id = s.requirement_id
  left join vehicles v on v.id = s.vehicle_id
  left join vehicle_categories_new vc on vc.id = v.category_id
  left join users u on u.id = s.driver_id
  left join depots sd on sd.id = s.starting_depot_id
  left join depots ed on ed.id = s.ending_depot_id
  left join lateral (
    select lo.status, lo.expires_at from job_offers lo
    where lo.job_id = s.job_id and lo.driver_id = s.driver_id
    order by lo.created_at desc limit 1
  ) o on true
  where s.job_id = j.id
), '[]'::json)`;

/** Drivers' requests for job `j` waiting for a decision. */
export const PENDING_REQUESTS = `(select count(*) from job_requests q where q.job_id = j.id and q.status = 'pending')`;

const LEGS = `coalesce((
  select json_agg(json_build_object(
    'id', l.id, 'legNumber', l.leg_number, 'originAddress', l.origin_address,
    'destinationAddress', l.destination_address, 'departureTime', l.departure_time,
    'arrivalTime', l.arrival_time, 'notes', l.notes
  ) order by l.leg_number)
  from job_legs l where l.job_id = j.id
), '[]'::json)`;

const JOB = `json_build_object(
  'id', j.id, 'jobNumber', j.job_number, 'title', j.title, 'status', j.status,
  'serviceDate', j.service_date, 'paxCount', j.pax_count, 'serviceDescription', j.service_description,
  'notesDriver', j.notes_driver, 'mapsLink', j.maps_link, 'hasUpdates', j.has_updates,
  'updatedAt', ${epochMs('j.updated_at')}, 'createdAt', ${epochMs('j.created_at')},
  'customerId', j.customer_id, 'contactId', j.contact_id, 'loyaltyAwarded', j.loyalty_awarded,
  'basePrice', j.base_price, 'extraCharges', j.extra_charges, 'discounts', j.discounts,
  'subtotal', j.subtotal, 'taxMode', j.tax_mode, 'taxRate', j.tax_rate, 'taxAmount', j.tax_amount,
  'totalPrice', j.total_price, 'currency', j.currency, 'pricingNotes', j.pricing_notes,
  'termsTemplateId', j.terms_template_id, 'termsAndConditions', j.terms_and_conditions,
  'createdBy', j.created_by, 'version', j.version, 'seriesId', j.series_id,
  'customer', case when c.id is null then null else json_build_object(
    'id', c.id, 'companyName', c.company_name, 'companyType', c.company_type, 'phone', c.phone, 'email', c.email,
    'address', c.address
  ) end,
  'contact', case when cc.id is null then null else json_build_object(
    'id', cc.id, 'name', cc.name, 'role', cc.role, 'email', cc.email, 'phone', cc.phone
  ) end,
  'legs', ${LEGS},
  'slots', ${SLOTS},
  'pendingRequests', ${PENDING_REQUESTS}
)`;

/** A slot as the statement builds it. */
interface SlotDocument {
  id: string;
  slotPosition: number;
  vehicleNotes: string | null;
  requirementNotes: string | null;
  requirementCategoryId: string | null;
  requirementCategoryName: string | null;
  requirementColor: string | null;
  vehicleCategoryId: string | null;
  vehicleCategoryName: string | null;
  vehicleCategoryColor: string | null;
  vehicleId: string | null;
  vehicleRego: string | null;
  vehicleNickname: string | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleSeated: number | null;
  vehicleType: NonNullable<JobSlot['vehicle']>['type'] | null;
  driverId: string | null;
  driverFirstName: string | null;
  driverLastName: string | null;
  startingDepotId: string | null;
  startingDepotName: string | null;
  endingDepotId: string | null;
  endingDepotName: string | null;
  offerStatus: 'pending' | 'accepted' | 'rejected' | 'expired' | null;
  offerExpiresAt: number | null;
}

/** A job as the statement builds it. */
type JobDocument = Omit<
  Job,
  | 'updatedAt'
  | 'createdAt'
  | 'vehicles'
  | 'customer'
  | 'extraCharges'
  | 'discounts'
  | 'hasUpdates'
  | 'loyaltyAwarded'
> & {
  updatedAt: number;
  createdAt: number;
  hasUpdates: number;
  loyaltyAwarded: number;
  extraCharges: PriceAdjustment[];
  discounts: PriceAdjustment[];
  customer: Omit<NonNullable<Job['customer']>, 'name'> | null;
  legs: JobLeg[];
  slots: SlotDocument[];
};

export const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

function toSlot(s: SlotDocument): JobSlot {
  return {
    id: s.id,
    slotPosition: s.slotPosition,
    // The requirement keeps the type asked for; a slot without one shows its vehicle's category.
    categoryId: s.requirementCategoryId ?? s.vehicleCategoryId,
    categoryName: s.requirementCategoryName ?? s.vehicleCategoryName,
    categoryColor: s.requirementColor ?? s.vehicleCategoryColor,
    vehicleId: s.vehicleId,
    vehicle:
      s.vehicleId && s.vehicleType
        ? {
            id: s.vehicleId,
            registrationNumber: s.vehicleRego,
            nickname: s.vehicleNickname,
            make: s.vehicleMake,
            model: s.vehicleModel,
            seatedCapacity: s.vehicleSeated ?? 0,
            type: s.vehicleType,
          }
        : null,
    driverId: s.driverId,
    driver: s.driverId ? { id: s.driverId, firstName: s.driverFirstName, lastName: s.driverLastName } : null,
    vehicleNotes: s.vehicleNotes ?? s.requirementNotes,
    startingDepot: s.startingDepotId ? { id: s.startingDepotId, name: s.startingDepotName ?? '' } : null,
    endingDepot: s.endingDepotId ? { id: s.endingDepotId, name: s.endingDepotName ?? '' } : null,
    // The latest offer to the slot's driver, as screens show it (an expired pending one reads expired).
    offerStatus:
      s.driverId && s.offerStatus
        ? effectiveOfferStatus({
            status: s.offerStatus,
            expiresAt: s.offerExpiresAt === null ? null : new Date(s.offerExpiresAt).toISOString(),
          })
        : null,
  };
}

function toJob(d: JobDocument): Job {
  return {
    id: d.id,
    jobNumber: d.jobNumber,
    title: d.title,
    status: d.status,
    serviceDate: d.serviceDate,
    seriesId: d.seriesId ?? null,
    paxCount: d.paxCount,
    serviceDescription: d.serviceDescription,
    notesDriver: d.notesDriver,
    mapsLink: d.mapsLink,
    hasUpdates: flag(d.hasUpdates),
    customer: d.customer ? { ...d.customer, name: d.customer.companyName } : null,
    vehicles: d.slots.map(toSlot),
    legs: d.legs,
    updatedAt: new Date(d.updatedAt).toISOString(),
    customerId: d.customerId,
    contactId: d.contactId,
    contact: d.contact,
    loyaltyAwarded: flag(d.loyaltyAwarded),
    basePrice: Number(d.basePrice),
    extraCharges: d.extraCharges,
    discounts: d.discounts,
    subtotal: Number(d.subtotal),
    taxMode: d.taxMode,
    taxRate: Number(d.taxRate),
    taxAmount: Number(d.taxAmount),
    totalPrice: Number(d.totalPrice),
    currency: d.currency,
    pricingNotes: d.pricingNotes,
    termsTemplateId: d.termsTemplateId,
    termsAndConditions: d.termsAndConditions,
    createdBy: d.createdBy,
    createdAt: new Date(d.createdAt).toISOString(),
    version: d.version,
    pendingRequests: Number(d.pendingRequests),
  };
}

/**
 * A reader of jobs by id, each as one JSON document: `document` is a json expression over the job
 * `j`, its customer `c` and whatever `joins` add. The ids travel as one JSON array, read back `with
 * ordinality`, so the answer keeps their order and skips ids of no job. Prepared as `name` on each
 * connection (db/prepared.ts): planning the document was about half of what a job detail or My Jobs
 * cost PostgreSQL (bench/NOTES.md §17).
 */
export function documentsByIds<T>(name: string, document: string, joins = '') {
  const statement = preparedPerDatabase((db) =>
    db
      .select({ job: sql<T | string>`${sql.raw(document)}` })
      .from(
        sql`json_array_elements_text(${sql.placeholder('ids')}::json) with ordinality as page(id, n)
          join jobs j on j.id = page.id
          left join customers c on c.id = j.customer_id
          ${sql.raw(joins)}`,
      )
      .orderBy(sql`page.n`)
      .prepare(name),
  );
  return async (db: Db, ids: readonly string[]): Promise<T[]> => {
    if (ids.length === 0) return [];
    const rows = await statement(db).execute({ ids: JSON.stringify(ids) });
    // Both drivers parse a json column; a string would mean one did not.
    return rows.map((r) => (typeof r.job === 'string' ? (JSON.parse(r.job) as T) : r.job));
  };
}

const jobDocuments = documentsByIds<JobDocument>(
  'job_documents_by_ids',
  JOB,
  'left join customer_contacts cc on cc.id = j.contact_id',
);

/** The jobs with these ids, in the order of the ids; ids of no job are left out. */
export async function jobsByIds(db: Db, ids: readonly string[]): Promise<Job[]> {
  return (await jobDocuments(db, ids)).map(toJob);
}
