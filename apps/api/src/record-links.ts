import { countComplianceRecordsOfVehicle } from './modules/compliance';
import { contactUsers, customerBalances } from './modules/customers';
import { depotUsers } from './modules/depots';
import { documentLogoUrls } from './modules/document-settings';
import { countAlertsOfType, countFormsOfVehicle, countInspectionsAnswering } from './modules/driver-forms';
import { emergencyTypeUsers } from './modules/emergency-types';
import { inspectionQuestionUsers } from './modules/inspection-questions';
import { balancesOfCustomers } from './modules/invoices';
import { offerJobsToNewDrivers } from './modules/job-offers';
import { splitSeriesAt as splitJobSeriesAt } from './modules/job-series';
import {
  countJobsUsingDepot,
  countJobsUsingVehicle,
  countJobsWithContact,
  countJobsWithTermsTemplate,
  offerJobsToTheirDrivers,
  splitSeriesAt,
} from './modules/jobs';
import { registerLogoUrlSource } from './modules/logos';
import { brandingLogoUrls } from './modules/settings';
import { countShiftsOfVehicle } from './modules/shifts';
import { subcontractorDeactivated, subcontractorUsers } from './modules/subcontractors';
import { termsTemplateUsers } from './modules/terms-templates';
import { categorySlugChanged, categoryUsers } from './modules/vehicle-categories';
import {
  countVehiclesAtDepot,
  countVehiclesInCategory,
  countVehiclesOfSubcontractor,
  deactivateVehiclesOfSubcontractor,
  setLegacyCategorySlug,
  vehicleUsers,
} from './modules/vehicles';

/**
 * Which module's records refer to which (ADR 25), wired once here, the composition root beside
 * app.ts: a module that is referred to (a depot) keeps a registry, and the modules whose records
 * refer to it (vehicles, jobs) answer through their own code. So no module imports the modules that
 * depend on it, and no module reads another's tables to decide a rule. Registering again replaces.
 */
export function linkRecords(): void {
  depotUsers.register('vehicle', countVehiclesAtDepot);
  depotUsers.register('job', countJobsUsingDepot);
  subcontractorUsers.register('vehicle', countVehiclesOfSubcontractor);
  subcontractorDeactivated.register('vehicles', deactivateVehiclesOfSubcontractor);
  categoryUsers.register('vehicle', countVehiclesInCategory);
  categorySlugChanged.register('vehicles', setLegacyCategorySlug);
  vehicleUsers.register('job', countJobsUsingVehicle);
  vehicleUsers.register('shift', countShiftsOfVehicle);
  vehicleUsers.register('driver form', countFormsOfVehicle);
  vehicleUsers.register('compliance record', countComplianceRecordsOfVehicle);
  contactUsers.register('job', countJobsWithContact);
  termsTemplateUsers.register('job', countJobsWithTermsTemplate);
  emergencyTypeUsers.register('alert', countAlertsOfType);
  inspectionQuestionUsers.register('inspection', countInspectionsAnswering);
  offerJobsToTheirDrivers.set(offerJobsToNewDrivers);
  splitSeriesAt.set(splitJobSeriesAt);
  customerBalances.set(balancesOfCustomers);
  registerLogoUrlSource('branding', brandingLogoUrls);
  registerLogoUrlSource('documents', documentLogoUrls);
}
