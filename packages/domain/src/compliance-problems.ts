import { inspectionDueDate, isCurrentOn, type ServiceInterval, serviceStatus } from './compliance';
import { type LicenceClassSet, licenceCovers } from './licence-classes';

// What is wrong for a driver and a vehicle on a date (issue 26): the allocation checks (a later
// slice) refuse on a 'refusal' unless overridden, and show a 'warning'.

export type ComplianceProblemCode =
  | 'licence_missing'
  | 'licence_expired'
  | 'licence_class'
  | 'medical_expired'
  | 'children_check_expired'
  | 'document_expired'
  | 'registration_expired'
  | 'insurance_expired'
  | 'inspection_expired'
  | 'service_overdue';

export interface ComplianceProblem {
  code: ComplianceProblemCode;
  subject: 'driver' | 'vehicle';
  /** A refusal stops an allocation unless overridden with a reason; a warning is shown only. */
  severity: 'refusal' | 'warning';
  message: string;
  /**
   * The numbers and dates the problem is about, kept with an override (ADR 34): `{ held, needs }` for
   * a licence class, `{ record, expiry }` for a lapsed record, `{ record, due }` for an inspection.
   */
  details: ProblemDetails;
}

export type ProblemDetails = Record<string, string | number | null>;

export interface DriverRecord {
  name: string;
  licenceClass: string | null;
  licenceExpiry: string | null;
  medicalExpiry: string | null;
  childrenCheckExpiry: string | null;
  documents: { typeName: string; expires: boolean; requiredForSchoolWork: boolean; expiry: string | null }[];
}

export interface VehicleRecord extends ServiceInterval {
  /** 'MO 4105', else the nickname. */
  name: string;
  categoryName: string | null;
  requiredLicenceClass: string | null;
  registrationExpiry: string | null;
  insuranceExpiry: string | null;
  inspectionDue: string | null;
  lastInspectionDate: string | null;
  inspectionIntervalMonths: number | null;
  currentOdometer: number | null;
}

export interface ComplianceCheck {
  /** The job's service date, YYYY-MM-DD. */
  date: string;
  /** The operator's today: an expiry before it reads 'expired', else 'expires'. */
  today: string;
  schoolJob: boolean;
  licenceClasses: LicenceClassSet;
  /** A YYYY-MM-DD date as the operator reads it ('12 Dec 2026'). */
  formatDate: (date: string) => string;
  /** null when no record was ever saved for the driver (or no driver is allocated). */
  driver: DriverRecord | null;
  vehicle: VehicleRecord | null;
}

/**
 * Every problem of the driver and vehicle on `check.date`, drivers first. A record never entered is
 * not refused (operators enter records over weeks; the Compliance page lists what is missing), except
 * a licence where the vehicle's category needs a class: that cannot be shown to be covered.
 */
export function complianceProblems(check: ComplianceCheck): ComplianceProblem[] {
  const { date, driver, vehicle, formatDate } = check;
  const problems: ComplianceProblem[] = [];
  const lapse = (expiry: string) => `${expiry < check.today ? 'expired' : 'expires'} ${formatDate(expiry)}`;
  const lapsed = (expiry: string | null | undefined): expiry is string =>
    !!expiry && !isCurrentOn(expiry, date);

  if (driver) {
    if (lapsed(driver.licenceExpiry)) {
      problems.push(
        refusal('licence_expired', 'driver', `Licence of ${driver.name} ${lapse(driver.licenceExpiry)}`, {
          record: 'Licence',
          expiry: driver.licenceExpiry,
        }),
      );
    }
    if (lapsed(driver.medicalExpiry)) {
      problems.push(
        refusal(
          'medical_expired',
          'driver',
          `Medical certificate of ${driver.name} ${lapse(driver.medicalExpiry)}`,
          { record: 'Medical certificate', expiry: driver.medicalExpiry },
        ),
      );
    }
    if (check.schoolJob && lapsed(driver.childrenCheckExpiry)) {
      problems.push(
        refusal(
          'children_check_expired',
          'driver',
          `Working with children check of ${driver.name} ${lapse(driver.childrenCheckExpiry)}`,
          { record: 'Working with children check', expiry: driver.childrenCheckExpiry },
        ),
      );
    }
    if (check.schoolJob) {
      for (const doc of driver.documents) {
        if (doc.requiredForSchoolWork && doc.expires && lapsed(doc.expiry)) {
          problems.push(
            refusal('document_expired', 'driver', `${doc.typeName} of ${driver.name} ${lapse(doc.expiry)}`, {
              record: doc.typeName,
              expiry: doc.expiry,
            }),
          );
        }
      }
    }
  }

  const needed = vehicle?.requiredLicenceClass ?? null;
  if (vehicle && needed && check.driver !== undefined) {
    const held = driver?.licenceClass ?? null;
    const category = vehicle.categoryName ?? vehicle.name;
    if (!held) {
      if (driver) {
        problems.push(
          refusal(
            'licence_missing',
            'driver',
            `No licence class recorded for ${driver.name} (${category} needs ${needed})`,
            { held: null, needs: needed, category },
          ),
        );
      }
    } else if (!licenceCovers(check.licenceClasses, held, needed)) {
      problems.push(
        refusal('licence_class', 'driver', `Licence ${held} does not cover ${category} (needs ${needed})`, {
          held,
          needs: needed,
          category,
        }),
      );
    }
  }

  if (vehicle) {
    if (lapsed(vehicle.registrationExpiry)) {
      problems.push(
        refusal(
          'registration_expired',
          'vehicle',
          `Registration of ${vehicle.name} ${lapse(vehicle.registrationExpiry)}`,
          { record: 'Registration', expiry: vehicle.registrationExpiry },
        ),
      );
    }
    if (lapsed(vehicle.insuranceExpiry)) {
      problems.push(
        refusal(
          'insurance_expired',
          'vehicle',
          `Insurance of ${vehicle.name} ${lapse(vehicle.insuranceExpiry)}`,
          { record: 'Insurance', expiry: vehicle.insuranceExpiry },
        ),
      );
    }
    const inspection = inspectionDueDate(vehicle);
    if (lapsed(inspection)) {
      problems.push(
        refusal(
          'inspection_expired',
          'vehicle',
          `Safety inspection of ${vehicle.name} was due ${formatDate(inspection)}`,
          { record: 'Safety inspection', due: inspection },
        ),
      );
    }
    const service = serviceStatus(vehicle, vehicle.currentOdometer, date, 0);
    if (service.state === 'overdue') {
      const why =
        service.by === 'km' && service.kmLeft !== null
          ? `overdue by ${Math.abs(service.kmLeft).toLocaleString('en')} km`
          : `was due ${formatDate(service.dueDate!)}`;
      problems.push({
        code: 'service_overdue',
        subject: 'vehicle',
        severity: 'warning',
        message: `Service of ${vehicle.name} ${why}`,
        details: {
          record: 'Service',
          due: service.dueDate,
          kmOver: service.kmLeft === null ? null : -service.kmLeft,
        },
      });
    }
  }
  return problems;
}

function refusal(
  code: ComplianceProblemCode,
  subject: 'driver' | 'vehicle',
  message: string,
  details: ProblemDetails,
): ComplianceProblem {
  return { code, subject, severity: 'refusal', message, details };
}
