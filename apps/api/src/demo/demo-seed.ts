import { randomUUID } from 'node:crypto';
import { addDays, calculatePrice, DEFAULT_QUOTE_FOOTER_TEXT, dateInZone, formatJobNumber } from '@dms/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  appSettings,
  customerContacts,
  customers,
  depots,
  documentSettings,
  driverPreferences,
  emailNotifications,
  emergencyAlerts,
  emergencyTypes,
  endOfShiftInspections,
  fuelLogs,
  type InspectionResponse,
  incidentReports,
  inspectionTemplateQuestions,
  type JobStatus,
  jobLegs,
  jobOffers,
  jobRequests,
  jobRequirements,
  jobs,
  jobVehicles,
  type NewCustomer,
  type NewCustomerContact,
  type NewEmailNotification,
  type NewEndOfShiftInspection,
  type NewFuelLog,
  type NewInspectionTemplateQuestion,
  type NewJob,
  type NewJobLeg,
  type NewJobOffer,
  type NewJobRequest,
  type NewJobRequirement,
  type NewJobVehicle,
  type NewPreDepartureInspection,
  type NewShift,
  type NewUser,
  type NewVehicle,
  type PriceAdjustment,
  preDepartureInspections,
  shifts,
  subcontractors,
  type TaxMode,
  termsTemplates,
  users,
  vehicleCategoriesNew,
  vehicleDefects,
  vehicles,
} from '../db/schema';
import { hashPassword } from '../lib/password';
import { pinDigest } from '../lib/pin-digest';
import { DemoOdometers, demoFleetHistory } from './demo-fleet-history';

// The demo operator loaded into an empty database (OPERATIONS.md, SEED_DEMO and `seed:demo`):
// a Sydney coach company with managers, drivers with terminal PINs, a fleet, customers, about thirty
// jobs around `today` in every status, offers, requests, and a few days of shifts and driver forms.
// Deterministic: the same `today` always gives the same data (only the generated ids differ).

dayjs.extend(utc);
dayjs.extend(timezone);

export interface DemoCredentials {
  managers: { email: string; password: string; name: string }[];
  drivers: { email: string; password: string; name: string; pin: string }[];
}

export interface SeedDemoOptions {
  /** The operator's calendar day (YYYY-MM-DD); jobs and shifts are placed around it. */
  today?: string;
  /** The operator's time zone, for turning local times into instants. */
  timezone?: string;
  /** The key of PIN digests (lib/pin-digest.ts): the drivers' PINs are stored only as digests. */
  pinKey: string;
}

const DEFAULT_TIMEZONE = 'Australia/Sydney';
const MANAGER_PASSWORD = 'demo1234';
const DRIVER_PASSWORD = 'driver1234';

/** Empty means: no user accounts yet. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

type PersonKey = 'sarah' | 'david' | 'james' | 'priya' | 'liam' | 'emma' | 'noah';
type DriverKey = Exclude<PersonKey, 'sarah'>;

const PEOPLE: {
  key: PersonKey;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
  pin: string | null;
}[] = [
  {
    key: 'sarah',
    firstName: 'Sarah',
    lastName: 'Mitchell',
    email: 'manager@demo.local',
    roles: ['manager'],
    pin: null,
  },
  {
    key: 'david',
    firstName: 'David',
    lastName: 'Chen',
    email: 'david.chen@demo.local',
    roles: ['manager', 'driver'],
    pin: '1234',
  },
  {
    key: 'james',
    firstName: 'James',
    lastName: 'Wilson',
    email: 'james@demo.local',
    roles: ['driver'],
    pin: '1111',
  },
  {
    key: 'priya',
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'priya@demo.local',
    roles: ['driver'],
    pin: '2222',
  },
  {
    key: 'liam',
    firstName: 'Liam',
    lastName: "O'Connor",
    email: 'liam@demo.local',
    roles: ['driver'],
    pin: '3333',
  },
  {
    key: 'emma',
    firstName: 'Emma',
    lastName: 'Taylor',
    email: 'emma@demo.local',
    roles: ['driver'],
    pin: '4444',
  },
  {
    key: 'noah',
    firstName: 'Noah',
    lastName: 'Brown',
    email: 'noah@demo.local',
    roles: ['driver'],
    pin: '5555',
  },
];

const CATEGORIES = [
  { key: 'luxury_coach', name: 'Luxury Coach', color: '#7c3aed' },
  { key: 'coach', name: 'Coach', color: '#2563eb' },
  { key: 'standard_bus', name: 'Standard Bus', color: '#0891b2' },
  { key: 'school_bus', name: 'School Bus', color: '#ca8a04' },
  { key: 'minibus', name: 'Minibus', color: '#16a34a' },
] as const;
type CategoryKey = (typeof CATEGORIES)[number]['key'];

const DEPOTS = [
  { key: 'granville', name: 'Granville Depot', address: '42 Parramatta Road, Granville NSW 2142' },
  { key: 'brookvale', name: 'Brookvale Depot', address: '18 Cross Street, Brookvale NSW 2100' },
  { key: 'mascot', name: 'Mascot Airport Yard', address: '5 Baxter Road, Mascot NSW 2020' },
] as const;
type DepotKey = (typeof DEPOTS)[number]['key'];

type VehicleKey = 'v1' | 'v2' | 'v3' | 'v4' | 'v5' | 'v6' | 'v7' | 'v8' | 'v9' | 'p1' | 'p2';

const VEHICLES: {
  key: VehicleKey;
  rego: string;
  nickname: string;
  make: string;
  model: string;
  category: CategoryKey;
  seated: number;
  standing: number;
  depot: DepotKey | null;
  extras: string[];
  partner?: true;
}[] = [
  {
    key: 'v1',
    rego: 'MO 4101',
    nickname: 'Harbour Star',
    make: 'Scania',
    model: 'Irizar i6 K410',
    category: 'luxury_coach',
    seated: 53,
    standing: 0,
    depot: 'granville',
    extras: ['Air conditioning', 'Toilet', 'Wi-Fi', 'USB charging', 'Seat belts', 'Fridge'],
  },
  {
    key: 'v2',
    rego: 'MO 4102',
    nickname: 'Opal',
    make: 'Volvo',
    model: 'B11R Coach Concepts',
    category: 'luxury_coach',
    seated: 57,
    standing: 0,
    depot: 'granville',
    extras: ['Air conditioning', 'Toilet', 'Wi-Fi', 'PA system', 'Seat belts'],
  },
  {
    key: 'v3',
    rego: 'MO 4103',
    nickname: 'Tourer',
    make: 'Mercedes-Benz',
    model: 'Tourismo',
    category: 'coach',
    seated: 49,
    standing: 0,
    depot: 'granville',
    extras: ['Air conditioning', 'Seat belts', 'PA system', 'USB charging'],
  },
  {
    key: 'v4',
    rego: 'MO 4104',
    nickname: 'Ironbark',
    make: 'Volvo',
    model: 'B8R Volgren',
    category: 'coach',
    seated: 57,
    standing: 0,
    depot: 'brookvale',
    extras: ['Air conditioning', 'Seat belts', 'PA system'],
  },
  {
    key: 'v5',
    rego: 'MO 4105',
    nickname: 'Jacaranda',
    make: 'Volvo',
    model: 'B8RLE Volgren Optimus',
    category: 'standard_bus',
    seated: 45,
    standing: 25,
    depot: 'granville',
    extras: ['Air conditioning', 'Wheelchair ramp', 'Kneeling suspension'],
  },
  {
    key: 'v6',
    rego: 'MO 4106',
    nickname: 'Wattle',
    make: 'Scania',
    model: 'K310UB Bustech',
    category: 'school_bus',
    seated: 57,
    standing: 20,
    depot: 'granville',
    extras: ['Seat belts', 'CCTV'],
  },
  {
    key: 'v7',
    rego: 'MO 4107',
    nickname: 'Bottlebrush',
    make: 'Volvo',
    model: 'B7R Custom Coaches',
    category: 'school_bus',
    seated: 61,
    standing: 0,
    depot: 'brookvale',
    extras: ['Seat belts', 'CCTV', 'Air conditioning'],
  },
  {
    key: 'v8',
    rego: 'MO 4108',
    nickname: 'Coaster',
    make: 'Toyota',
    model: 'Coaster',
    category: 'minibus',
    seated: 22,
    standing: 0,
    depot: 'mascot',
    extras: ['Air conditioning', 'Seat belts', 'Luggage trailer'],
  },
  {
    key: 'v9',
    rego: 'MO 4109',
    nickname: 'Sprinter',
    make: 'Mercedes-Benz',
    model: 'Sprinter 519 CDI',
    category: 'minibus',
    seated: 19,
    standing: 0,
    depot: 'mascot',
    extras: ['Air conditioning', 'Seat belts', 'USB charging'],
  },
  {
    key: 'p1',
    rego: 'MO 7201',
    nickname: 'Katoomba',
    make: 'Scania',
    model: 'Irizar i4 K360',
    category: 'coach',
    seated: 57,
    standing: 0,
    depot: null,
    extras: ['Air conditioning', 'Seat belts', 'Toilet'],
    partner: true,
  },
  {
    key: 'p2',
    rego: 'MO 7202',
    nickname: 'Leura',
    make: 'Toyota',
    model: 'Coaster',
    category: 'minibus',
    seated: 21,
    standing: 0,
    depot: null,
    extras: ['Air conditioning', 'Seat belts'],
    partner: true,
  },
];

type CustomerKey = 'hps' | 'sbc' | 'phh' | 'coast' | 'meridian' | 'rossi' | 'bell' | 'harriers' | 'bowls';

const CUSTOMERS: {
  key: CustomerKey;
  customer: Omit<NewCustomer, 'id'>;
  contacts: Omit<NewCustomerContact, 'id' | 'customerId'>[];
}[] = [
  {
    key: 'hps',
    customer: {
      companyName: 'Harbourview Public School',
      companyType: 'school',
      phone: '(02) 5550 1200',
      email: 'office@harbourview-ps.example.edu.au',
      address: '12 Kirribilli Avenue, Kirribilli NSW 2061',
      loyaltyPoints: 9,
      totalBookings: 9,
      totalRevenue: 11840,
    },
    contacts: [
      {
        name: 'Margaret Lawson',
        role: 'Principal',
        email: 'm.lawson@harbourview-ps.example.edu.au',
        phone: '(02) 5550 1201',
      },
      {
        name: 'Ben Okafor',
        role: 'Booking Coordinator',
        email: 'b.okafor@harbourview-ps.example.edu.au',
        phone: '0491 570 156',
      },
      {
        name: 'Helen Zhou',
        role: 'Finance Officer',
        email: 'finance@harbourview-ps.example.edu.au',
        phone: '(02) 5550 1205',
      },
    ],
  },
  {
    key: 'sbc',
    customer: {
      companyName: "St Brigid's Catholic College",
      companyType: 'school',
      phone: '(02) 5550 3400',
      email: 'reception@stbrigids.example.edu.au',
      address: '88 Pittwater Road, Manly NSW 2095',
      loyaltyPoints: 6,
      totalBookings: 6,
      totalRevenue: 14275.5,
    },
    contacts: [
      {
        name: 'Fr. Michael Doyle',
        role: 'Principal',
        email: 'principal@stbrigids.example.edu.au',
        phone: '(02) 5550 3401',
      },
      {
        name: 'Rachel Nguyen',
        role: 'Administration Officer',
        email: 'admin@stbrigids.example.edu.au',
        phone: '0491 570 157',
      },
      {
        name: 'Tom Haddad',
        role: 'Teacher',
        email: 't.haddad@stbrigids.example.edu.au',
        phone: '0491 570 158',
      },
    ],
  },
  {
    key: 'phh',
    customer: {
      companyName: 'Parramatta Hills High School',
      companyType: 'school',
      phone: '(02) 5550 7700',
      email: 'office@parramattahills-h.example.edu.au',
      address: '240 Pennant Hills Road, Carlingford NSW 2118',
      loyaltyPoints: 3,
      totalBookings: 3,
      totalRevenue: 3960,
    },
    contacts: [
      {
        name: 'Sanjay Kapoor',
        role: 'Vice Principal',
        email: 's.kapoor@parramattahills-h.example.edu.au',
        phone: '(02) 5550 7702',
      },
      {
        name: 'Julie Martin',
        role: 'Office Manager',
        email: 'office@parramattahills-h.example.edu.au',
        phone: '(02) 5550 7700',
      },
    ],
  },
  {
    key: 'coast',
    customer: {
      companyName: 'Coastline Events Pty Ltd',
      companyType: 'corporate',
      phone: '(02) 5550 8810',
      email: 'bookings@coastline-events.example.com.au',
      address: 'Level 3, 55 Harris Street, Pyrmont NSW 2009',
      loyaltyPoints: 0,
      totalBookings: 14,
      totalRevenue: 31620,
    },
    contacts: [
      {
        name: 'Olivia Grant',
        role: 'Booking Coordinator',
        email: 'olivia@coastline-events.example.com.au',
        phone: '0491 570 159',
      },
      {
        name: 'Marco Bianchi',
        role: 'Manager',
        email: 'marco@coastline-events.example.com.au',
        phone: '0491 570 110',
      },
    ],
  },
  {
    key: 'meridian',
    customer: {
      companyName: 'Meridian Financial Group',
      companyType: 'corporate',
      phone: '(02) 5550 2000',
      email: 'reception@meridianfg.example.com.au',
      address: 'Level 12, 200 George Street, Sydney NSW 2000',
      loyaltyPoints: 0,
      totalBookings: 8,
      totalRevenue: 9870,
    },
    contacts: [
      {
        name: 'Catherine Walsh',
        role: 'Executive Assistant',
        email: 'c.walsh@meridianfg.example.com.au',
        phone: '0491 570 313',
      },
      {
        name: 'Daniel Kim',
        role: 'HR Manager',
        email: 'd.kim@meridianfg.example.com.au',
        phone: '(02) 5550 2014',
      },
    ],
  },
  {
    key: 'rossi',
    customer: {
      companyName: 'Elena Rossi',
      companyType: 'private',
      phone: '0491 570 737',
      email: 'elena.rossi@example.com',
      address: '7 Wharf Road, Balmain NSW 2041',
      loyaltyPoints: 0,
      totalBookings: 1,
      totalRevenue: 1500,
    },
    contacts: [
      { name: 'Elena Rossi', role: 'Bride', email: 'elena.rossi@example.com', phone: '0491 570 737' },
    ],
  },
  {
    key: 'bell',
    customer: {
      companyName: 'Marcus Bell',
      companyType: 'private',
      phone: '0491 571 266',
      email: 'marcus.bell@example.com',
      address: '31 Beach Street, Coogee NSW 2034',
      loyaltyPoints: 0,
      totalBookings: 0,
      totalRevenue: 0,
    },
    contacts: [],
  },
  {
    key: 'harriers',
    customer: {
      companyName: 'Sydney Harriers Rugby Club',
      companyType: 'other',
      phone: '(02) 5550 6620',
      email: 'secretary@harriersrugby.example.org.au',
      address: 'Harriers Oval, 3 Tennyson Road, Gladesville NSW 2111',
      loyaltyPoints: 0,
      totalBookings: 5,
      totalRevenue: 7425,
    },
    contacts: [
      {
        name: 'Grant Fletcher',
        role: 'Team Manager',
        email: 'teams@harriersrugby.example.org.au',
        phone: '0491 571 491',
      },
    ],
  },
  {
    key: 'bowls',
    customer: {
      companyName: 'Greenway Bowling Club',
      companyType: 'other',
      phone: '(02) 5550 9930',
      email: 'office@greenwaybowls.example.org.au',
      address: '2 Greenway Drive, Pennant Hills NSW 2120',
      loyaltyPoints: 0,
      totalBookings: 2,
      totalRevenue: 1240,
      // Archived: hidden from active lists, its history stays.
      isActive: 0,
    },
    contacts: [
      {
        name: 'Ron Pike',
        role: 'Secretary',
        email: 'office@greenwaybowls.example.org.au',
        phone: '(02) 5550 9931',
      },
    ],
  },
];

const STANDARD_TERMS = `<h3>Standard Charter Terms and Conditions</h3>
<ol>
<li><strong>Quotations.</strong> Quotes are valid for 30 days and are based on the itinerary, passenger numbers and times supplied. Changes may alter the price.</li>
<li><strong>Confirmation and payment.</strong> A booking is confirmed on written acceptance of the quote. Payment is due within 14 days of the invoice date. Prices are in Australian dollars and include GST unless stated otherwise.</li>
<li><strong>Cancellation.</strong> Cancellations more than 7 days before the service date incur no charge; 2 to 7 days before, 50% of the quoted price; less than 48 hours before, the full price.</li>
<li><strong>Waiting time and extra kilometres.</strong> Time beyond the quoted hours is charged at $90 per hour per vehicle, in 15-minute increments. Route changes requested on the day are charged at the published per-kilometre rate.</li>
<li><strong>Conduct.</strong> Passengers must wear seat belts where fitted and follow the driver's directions. Alcohol may be carried only on services approved in writing. The driver may refuse to carry anyone who endangers the vehicle, the driver or other passengers.</li>
<li><strong>Damage and cleaning.</strong> The hirer is responsible for damage caused by passengers. A cleaning fee of up to $250 applies where a vehicle needs more than routine cleaning.</li>
<li><strong>Driver hours.</strong> All services are operated within the Heavy Vehicle National Law fatigue limits. Itineraries that would breach them require a second driver at the hirer's cost.</li>
<li><strong>Substitution.</strong> We may substitute a vehicle of equal or greater capacity, or engage an accredited partner operator, without notice.</li>
</ol>`;

const SCHOOL_TERMS = `<h3>School Excursion Terms and Conditions</h3>
<ol>
<li><strong>Supervision.</strong> The school provides teachers or supervisors at the ratio required by its own excursion policy. The driver is not responsible for supervising students.</li>
<li><strong>Seat belts.</strong> Every vehicle used for school work is fitted with seat belts; supervisors must make sure that students wear them.</li>
<li><strong>Passenger list.</strong> A passenger list and emergency contact numbers must be handed to the driver before departure.</li>
<li><strong>Timing.</strong> Vehicles arrive 15 minutes before the booked departure. Delays caused by the school beyond 15 minutes are charged as waiting time at $90 per hour.</li>
<li><strong>Cancellation for weather.</strong> Services cancelled by the school because of severe weather before the vehicle leaves the depot are not charged.</li>
<li><strong>School Loyalty Offer.</strong> After 9 paid school charters in a calendar year, every 10th bus booked is discounted by $400.</li>
<li><strong>Payment.</strong> Invoices are payable within 30 days. Prices include GST.</li>
</ol>`;

export const PRE_DEPARTURE_QUESTIONS: [category: string, question: string, requiresPhoto: 0 | 1][] = [
  ['Safety', 'Fire extinguisher present, charged and tagged', 0],
  ['Safety', 'First aid kit complete and in date', 0],
  ['Safety', 'Emergency exits, hammers and door releases working', 0],
  ['Mechanical', 'Tyres: tread depth, pressure and no cuts or bulges', 1],
  ['Mechanical', 'Brakes and air pressure build-up normal, no air leaks', 0],
  ['Mechanical', 'Engine oil, coolant and AdBlue levels OK, no leaks under the vehicle', 0],
  ['Lights', 'Headlights, indicators, brake lights and hazards working', 0],
  ['Interior', 'Seats and seat belts secure and undamaged', 0],
  ['Interior', 'Aisles and steps clear; floor free of trip hazards', 0],
  ['Other', 'Mirrors, windscreen and wipers clean and undamaged', 0],
];

/** What each vehicle burns, for believable fuel logs: the coaches near 30 L/100 km, the small buses far less. */
const LITRES_PER_100_KM: Record<VehicleKey, number> = {
  v1: 31.8,
  v2: 33.4,
  v3: 28.6,
  v4: 29.9,
  v5: 26.2,
  v6: 24.7,
  v7: 25.9,
  v8: 15.3,
  v9: 13.6,
  p1: 30.5,
  p2: 29.4,
};

export const END_OF_SHIFT_QUESTIONS: [category: string, question: string, requiresPhoto: 0 | 1][] = [
  ['Mechanical', 'No warning lights or faults on the dashboard', 0],
  ['Safety', 'No new body damage found on the walk-around', 1],
  ['Interior', 'Interior swept and rubbish removed', 0],
  ['Interior', 'Lost property checked and handed in', 0],
  ['Other', 'Fuel level recorded and vehicle secured at the depot', 0],
];

const EMERGENCY_TYPES = [
  {
    name: 'Medical Emergency',
    description: 'A passenger or the driver is seriously unwell or injured.',
    severity: 'critical',
    icon: 'heart-pulse',
    color: 'red',
    procedureTitle: 'Medical emergency procedure',
    procedureContent:
      '<ol><li>Stop the vehicle safely and apply the park brake.</li><li>Call 000 and ask for an ambulance.</li><li>Give first aid if trained; do not move the person unless in danger.</li><li>Send this alert so the office can contact the hirer.</li></ol>',
    requiresImmediateResponse: 1,
  },
  {
    name: 'Fire',
    description: 'Smoke or fire in or around the vehicle.',
    severity: 'critical',
    icon: 'flame',
    color: 'red',
    procedureTitle: 'Vehicle fire procedure',
    procedureContent:
      '<ol><li>Stop, switch off the engine and open all doors.</li><li>Evacuate everyone upwind, at least 50 metres away.</li><li>Call 000. Use the extinguisher only on a small fire and only if safe.</li></ol>',
    requiresImmediateResponse: 1,
  },
  {
    name: 'Accident',
    description: 'A collision involving the vehicle, another road user or property.',
    severity: 'high',
    icon: 'car-crash',
    color: 'orange',
    procedureTitle: 'Accident procedure',
    procedureContent:
      '<ol><li>Stop and turn on the hazard lights.</li><li>Check for injuries and call 000 if anyone is hurt or the road is blocked.</li><li>Exchange details and take photos; do not admit fault.</li><li>Complete an incident report after the shift.</li></ol>',
    requiresImmediateResponse: 1,
  },
  {
    name: 'Breakdown',
    description: 'The vehicle cannot continue safely.',
    severity: 'medium',
    icon: 'tool',
    color: 'yellow',
    procedureTitle: 'Breakdown procedure',
    procedureContent:
      '<ol><li>Move off the road if possible and turn on the hazard lights.</li><li>Place warning triangles behind the vehicle.</li><li>Keep passengers on board unless it is unsafe.</li><li>Send this alert; the office will arrange a replacement vehicle.</li></ol>',
    requiresImmediateResponse: 0,
  },
  {
    name: 'Passenger Disturbance',
    description: 'Aggressive, threatening or unsafe passenger behaviour.',
    severity: 'medium',
    icon: 'users',
    color: 'yellow',
    procedureTitle: null,
    procedureContent: null,
    requiresImmediateResponse: 0,
  },
  {
    name: 'Road Hazard',
    description: 'Debris, flooding or a blocked road on the route.',
    severity: 'low',
    icon: 'alert-triangle',
    color: 'gray',
    procedureTitle: null,
    procedureContent: null,
    requiresImmediateResponse: 0,
  },
];

// ---------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------

const PLACES = {
  taronga: 'Taronga Zoo, Bradleys Head Road, Mosman NSW 2088',
  museum: 'Australian Museum, 1 William Street, Sydney NSW 2010',
  aquatic: 'Sydney Olympic Park Aquatic Centre, Olympic Boulevard, Sydney Olympic Park NSW 2127',
  stadium: 'Accor Stadium, Edwin Flack Avenue, Sydney Olympic Park NSW 2127',
  t1: 'Sydney Airport T1 International, Airport Drive, Mascot NSW 2020',
  t2: 'Sydney Airport T2 Domestic, Keith Smith Avenue, Mascot NSW 2020',
  quay: 'Circular Quay, Alfred Street, Sydney NSW 2000',
  echo: 'Echo Point Lookout, Echo Point Road, Katoomba NSW 2780',
  scenic: 'Scenic World, Violet Street, Katoomba NSW 2780',
  hunter: 'Hunter Valley Gardens, 2090 Broke Road, Pokolbin NSW 2320',
  questacon: 'Questacon, King Edward Terrace, Parkes ACT 2600',
  parliament: 'Parliament House, Parliament Drive, Canberra ACT 2600',
  royalNp: 'Royal National Park Visitor Centre, Farnell Avenue, Audley NSW 2232',
  powerhouse: 'Powerhouse Museum, 500 Harris Street, Ultimo NSW 2007',
  icc: 'ICC Sydney, 14 Darling Drive, Sydney NSW 2000',
  novotel: 'Novotel Sydney Darling Harbour, 100 Murray Street, Pyrmont NSW 2009',
  featherdale: 'Featherdale Sydney Wildlife Park, 217 Kildare Road, Doonside NSW 2767',
  lunaPark: 'Luna Park Sydney, 1 Olympic Drive, Milsons Point NSW 2061',
  wollongong: 'WIN Stadium, Harbour Street, Wollongong NSW 2500',
  narrabeen: 'Sydney Academy of Sport, Wakehurst Parkway, Narrabeen NSW 2101',
  operaHouse: 'Sydney Opera House, Bennelong Point, Sydney NSW 2000',
  cathedral: "St Mary's Cathedral, St Marys Road, Sydney NSW 2000",
  gunners: "Gunners' Barracks, 38 Suakin Drive, Mosman NSW 2088",
  rocks: 'The Rocks, 7 Hickson Road, The Rocks NSW 2000',
  bowral: 'Centennial Vineyards, 252 Centennial Road, Bowral NSW 2576',
  stanwell: 'Stanwell Tops Conference Centre, 153 Lawrence Hargrave Drive, Stanwell Tops NSW 2508',
  thredbo: 'Thredbo Village, Friday Drive, Thredbo NSW 2625',
  lovedale: 'Hunter Valley Wine Country, 455 Wine Country Drive, Lovedale NSW 2325',
  homebush: 'Sydney Olympic Park Athletic Centre, Edwin Flack Avenue, Sydney Olympic Park NSW 2127',
  barangaroo: 'Barangaroo Reserve, Hickson Road, Barangaroo NSW 2000',
  gladesville: 'Harriers Oval, 3 Tennyson Road, Gladesville NSW 2111',
  pennantHills: 'Greenway Bowling Club, 2 Greenway Drive, Pennant Hills NSW 2120',
  bowlsVenue: 'Club Parramatta, 2 Macquarie Street, Parramatta NSW 2150',
  hpsSchool: 'Harbourview Public School, 12 Kirribilli Avenue, Kirribilli NSW 2061',
  sbcSchool: "St Brigid's Catholic College, 88 Pittwater Road, Manly NSW 2095",
  phhSchool: 'Parramatta Hills High School, 240 Pennant Hills Road, Carlingford NSW 2118',
  meridianOffice: 'Meridian Financial Group, Level 12, 200 George Street, Sydney NSW 2000',
  coogee: '31 Beach Street, Coogee NSW 2034',
} as const;

type Leg = [origin: string, destination: string, departure: string, arrival: string, notes?: string];
type Slot = { category: CategoryKey; vehicle?: VehicleKey; driver?: DriverKey; notes?: string };

interface JobSpec {
  day: number | null;
  status: JobStatus;
  customer: CustomerKey | null;
  contact?: number;
  title: string | null;
  pax?: number;
  description?: string;
  legs: Leg[];
  slots: Slot[];
  basePrice: number;
  extraCharges?: Omit<PriceAdjustment, 'id'>[];
  discounts?: Omit<PriceAdjustment, 'id'>[];
  taxMode?: TaxMode;
  pricingNotes?: string;
  notesDriver?: string;
  maps?: true;
  hasUpdates?: 1;
  terms?: 'standard' | 'school';
}

const P = PLACES;

const JOBS: JobSpec[] = [
  // today - 5
  {
    day: -5,
    status: 'completed',
    customer: 'hps',
    contact: 1,
    title: 'Year 4 Excursion: Taronga Zoo',
    pax: 52,
    legs: [
      [P.hpsSchool, P.taronga, '08:45', '09:30', 'Drop at the main entrance bus bay'],
      [P.taronga, P.hpsSchool, '14:00', '14:45'],
    ],
    slots: [{ category: 'school_bus', vehicle: 'v6', driver: 'priya' }],
    basePrice: 1150,
    terms: 'school',
    notesDriver:
      '<p><strong>Students wait at the front gate on Kirribilli Avenue.</strong> Two teachers travel with the group.</p>',
  },
  {
    day: -5,
    status: 'completed',
    customer: 'coast',
    contact: 0,
    title: 'ICC Conference Delegate Shuttle',
    pax: 80,
    description: 'Morning and evening shuttles between the delegate hotel and ICC Sydney.',
    legs: [
      [P.novotel, P.icc, '07:30', '07:50'],
      [P.icc, P.novotel, '17:30', '17:50', 'Pick up from the Darling Drive coach bay'],
    ],
    slots: [
      { category: 'coach', vehicle: 'v3', driver: 'james' },
      { category: 'coach', vehicle: 'v4', driver: 'liam' },
    ],
    basePrice: 2400,
    extraCharges: [{ description: 'Waiting time (4 hours)', amount: 360, type: 'fixed' }],
    maps: true,
  },
  // today - 4
  {
    day: -4,
    status: 'completed',
    customer: 'meridian',
    contact: 0,
    title: 'Airport Transfer: Executive Team',
    pax: 14,
    legs: [[P.meridianOffice, P.t1, '05:30', '06:15', 'Luggage: 14 suitcases']],
    slots: [{ category: 'minibus', vehicle: 'v8', driver: 'noah' }],
    basePrice: 420,
  },
  {
    day: -4,
    status: 'completed',
    customer: 'harriers',
    contact: 0,
    title: 'Away Game: Wollongong',
    pax: 40,
    legs: [
      [P.gladesville, P.wollongong, '10:00', '11:30'],
      [P.wollongong, P.gladesville, '17:00', '18:30'],
    ],
    slots: [{ category: 'coach', vehicle: 'v4', driver: 'james' }],
    basePrice: 1650,
    discounts: [{ description: 'Club member discount', amount: 5, type: 'percentage' }],
    notesDriver: '<p>Kit bags go in the luggage bays. <em>No alcohol on board.</em></p>',
  },
  // today - 3
  {
    day: -3,
    status: 'completed',
    customer: 'sbc',
    contact: 2,
    title: 'Year 11 Geography Field Trip: Royal National Park',
    pax: 48,
    legs: [
      [P.sbcSchool, P.royalNp, '08:00', '09:40'],
      [P.royalNp, P.sbcSchool, '14:15', '15:55'],
    ],
    slots: [{ category: 'school_bus', vehicle: 'v7', driver: 'emma' }],
    basePrice: 980,
    terms: 'school',
    maps: true,
  },
  {
    day: -3,
    status: 'cancelled',
    customer: 'bowls',
    contact: 0,
    title: 'Bowls Carnival Transfer',
    pax: 30,
    legs: [
      [P.pennantHills, P.bowlsVenue, '09:00', '09:40'],
      [P.bowlsVenue, P.pennantHills, '16:00', '16:40'],
    ],
    slots: [{ category: 'standard_bus', vehicle: 'v5' }],
    basePrice: 650,
    pricingNotes: 'Cancelled by the club more than 7 days out; no fee charged.',
  },
  // today - 2
  {
    day: -2,
    status: 'completed',
    customer: 'rossi',
    contact: 0,
    title: 'Wedding Guest Shuttle',
    pax: 45,
    legs: [
      [P.cathedral, P.gunners, '15:30', '16:10', 'Guests only; bridal party travels separately'],
      [P.gunners, P.rocks, '22:30', '23:05'],
    ],
    slots: [
      {
        category: 'luxury_coach',
        vehicle: 'v1',
        driver: 'david',
        notes: 'White ribbon decoration on the front',
      },
    ],
    basePrice: 1450,
    extraCharges: [{ description: 'Ribbon decoration', amount: 50, type: 'fixed' }],
    notesDriver:
      '<p><strong>Formal attire required.</strong> <span style="color: #fa5252">Do not leave before the last guest is on board.</span></p>',
  },
  {
    day: -2,
    status: 'completed',
    customer: 'hps',
    contact: 1,
    title: 'Swimming Carnival: Sydney Olympic Park',
    pax: 110,
    legs: [
      [P.hpsSchool, P.aquatic, '08:30', '09:25'],
      [P.aquatic, P.hpsSchool, '14:30', '15:25'],
    ],
    slots: [
      { category: 'school_bus', vehicle: 'v6', driver: 'priya' },
      { category: 'school_bus', vehicle: 'v7', driver: 'liam' },
    ],
    basePrice: 1900,
    terms: 'school',
  },
  // today - 1
  {
    day: -1,
    status: 'completed',
    customer: 'coast',
    contact: 1,
    title: 'Blue Mountains Day Tour',
    pax: 50,
    description: 'Day tour for international guests with a stop at Scenic World.',
    legs: [
      [P.quay, P.echo, '08:00', '10:15'],
      [P.echo, P.scenic, '12:30', '12:45'],
      [P.scenic, P.quay, '15:30', '17:45'],
    ],
    slots: [{ category: 'luxury_coach', vehicle: 'v2', driver: 'james' }],
    basePrice: 2200,
    maps: true,
    notesDriver: '<p>Commentary on the way up. Lunch break at Scenic World: <strong>45 minutes</strong>.</p>',
  },
  {
    day: -1,
    status: 'completed',
    customer: 'phh',
    contact: 0,
    title: 'Year 9 Science: Powerhouse Museum',
    pax: 55,
    legs: [
      [P.phhSchool, P.powerhouse, '09:00', '09:55'],
      [P.powerhouse, P.phhSchool, '14:00', '14:55'],
    ],
    slots: [{ category: 'school_bus', vehicle: 'v7', driver: 'emma' }],
    basePrice: 890,
    terms: 'school',
  },
  // today
  {
    day: 0,
    status: 'in_progress',
    customer: 'meridian',
    contact: 1,
    title: 'Client Golf Day: Hunter Valley',
    pax: 24,
    legs: [
      [P.meridianOffice, P.hunter, '07:00', '09:45'],
      [P.hunter, P.meridianOffice, '16:00', '18:45'],
    ],
    slots: [{ category: 'coach', vehicle: 'v3', driver: 'noah', notes: 'Golf bags in the luggage bays' }],
    basePrice: 1980,
    taxMode: 'exclusive',
    hasUpdates: 1,
    maps: true,
    notesDriver:
      '<p><span style="color: #fd7e14"><strong>Updated:</strong></span> return departure moved to 16:00.</p>',
  },
  {
    day: 0,
    status: 'in_progress',
    customer: 'hps',
    contact: 1,
    title: 'Kindergarten Excursion: Featherdale Wildlife Park',
    pax: 60,
    legs: [
      [P.hpsSchool, P.featherdale, '08:30', '09:40'],
      [P.featherdale, P.hpsSchool, '13:30', '14:40'],
    ],
    slots: [{ category: 'school_bus', vehicle: 'v6', driver: 'priya' }],
    basePrice: 1050,
    terms: 'school',
  },
  {
    day: 0,
    status: 'assigned',
    customer: 'harriers',
    contact: 0,
    title: 'Training Camp Transfer: Narrabeen',
    pax: 35,
    legs: [[P.gladesville, P.narrabeen, '15:00', '16:00']],
    slots: [{ category: 'coach', vehicle: 'v4', driver: 'liam' }],
    basePrice: 540,
  },
  // today + 1
  {
    day: 1,
    status: 'assigned',
    customer: 'sbc',
    contact: 1,
    title: 'Year 7 Canberra Excursion',
    pax: 90,
    description: 'Day trip to Questacon and Parliament House.',
    legs: [
      [P.sbcSchool, P.questacon, '06:30', '10:00'],
      [P.questacon, P.parliament, '12:30', '12:45'],
      [P.parliament, P.sbcSchool, '15:00', '18:30'],
    ],
    slots: [
      { category: 'luxury_coach', vehicle: 'v1', driver: 'david' },
      { category: 'coach', vehicle: 'v3', driver: 'james' },
    ],
    basePrice: 4200,
    discounts: [{ description: 'Two-coach booking', amount: 5, type: 'percentage' }],
    terms: 'school',
    hasUpdates: 1,
    maps: true,
    notesDriver:
      '<p><strong>Two-driver convoy.</strong> Rest stop at Sutton Forest (30 min) both ways.</p><p><span style="color: #fa5252">Headcount before every departure.</span></p>',
  },
  {
    day: 1,
    status: 'assigned',
    customer: 'coast',
    contact: 0,
    title: 'Product Launch Guest Transfers',
    pax: 20,
    legs: [[P.t2, P.icc, '10:00', '10:40', 'Meet guests at the Virgin arrivals door with a sign']],
    slots: [{ category: 'minibus', vehicle: 'v8', driver: 'emma' }],
    basePrice: 380,
  },
  // today + 2
  {
    day: 2,
    status: 'assigned',
    customer: 'meridian',
    contact: 0,
    title: 'Airport Transfer: Board Meeting',
    pax: 12,
    legs: [[P.meridianOffice, P.t1, '06:00', '06:40']],
    slots: [{ category: 'minibus', vehicle: 'v9', driver: 'noah' }],
    basePrice: 360,
  },
  {
    day: 2,
    status: 'confirmed',
    customer: 'phh',
    contact: 1,
    title: 'Year 12 Formal Transfers',
    pax: 100,
    legs: [
      [P.phhSchool, P.lunaPark, '18:00', '18:50'],
      [P.lunaPark, P.phhSchool, '23:00', '23:50'],
    ],
    slots: [
      { category: 'school_bus', vehicle: 'v6', driver: 'priya' },
      { category: 'school_bus', vehicle: 'v7' },
    ],
    basePrice: 1760,
    terms: 'school',
    notesDriver:
      '<p>Formal wear; teachers check names at the door. <strong>Strictly no alcohol.</strong></p>',
  },
  // today + 3
  {
    day: 3,
    status: 'confirmed',
    customer: 'harriers',
    contact: 0,
    title: 'Grand Final: Accor Stadium',
    pax: 150,
    legs: [
      [P.gladesville, P.stadium, '11:00', '11:40'],
      [P.stadium, P.gladesville, '18:30', '19:10'],
    ],
    slots: [
      { category: 'coach', vehicle: 'v3', driver: 'james' },
      { category: 'coach', vehicle: 'v4' },
      { category: 'coach', vehicle: 'p1', notes: 'Partner vehicle (Blue Mountains Charter Co.)' },
    ],
    basePrice: 3300,
    extraCharges: [{ description: 'Event-day surcharge', amount: 10, type: 'percentage' }],
    maps: true,
  },
  {
    day: 3,
    status: 'assigned',
    customer: 'hps',
    contact: 1,
    title: 'Year 2 Excursion: Australian Museum',
    pax: 58,
    legs: [
      [P.hpsSchool, P.museum, '09:15', '09:45'],
      [P.museum, P.hpsSchool, '13:45', '14:15'],
    ],
    slots: [{ category: 'school_bus', vehicle: 'v7', driver: 'liam' }],
    basePrice: 720,
    terms: 'school',
  },
  // today + 4
  {
    day: 4,
    status: 'cancelled',
    customer: 'coast',
    contact: 1,
    title: 'Staff Christmas Party Shuttle',
    pax: 40,
    legs: [[P.novotel, P.barangaroo, '18:30', '18:50']],
    slots: [{ category: 'standard_bus', vehicle: 'v5' }],
    basePrice: 880,
    pricingNotes: 'Event moved in-house by the client. Cancellation fee waived as a goodwill gesture.',
  },
  {
    day: 4,
    status: 'assigned',
    customer: 'bell',
    title: '50th Birthday Winery Tour: Hunter Valley',
    pax: 20,
    legs: [
      [P.coogee, P.lovedale, '09:00', '11:45'],
      [P.lovedale, P.coogee, '17:00', '19:45'],
    ],
    slots: [{ category: 'minibus', vehicle: 'v8', driver: 'david' }],
    basePrice: 1350,
    extraCharges: [{ description: 'Extended hours', amount: 10, type: 'percentage' }],
    notesDriver: '<p>Three cellar-door stops; the host will give the order on the day.</p>',
  },
  {
    day: 4,
    status: 'confirmed',
    customer: 'sbc',
    contact: 2,
    title: 'Senior Band Performance: Sydney Opera House',
    pax: 45,
    legs: [
      [P.sbcSchool, P.operaHouse, '09:00', '09:50', 'Drop at the Bennelong Point coach bay'],
      [P.operaHouse, P.sbcSchool, '14:30', '15:20'],
    ],
    slots: [
      { category: 'coach', vehicle: 'v4', driver: 'liam' },
      { category: 'school_bus', vehicle: 'v6', notes: 'Instruments and equipment' },
    ],
    basePrice: 1480,
    terms: 'school',
  },
  // today + 5
  {
    day: 5,
    status: 'assigned',
    customer: 'meridian',
    contact: 1,
    title: 'Leadership Offsite: Bowral',
    pax: 30,
    legs: [
      [P.meridianOffice, P.bowral, '07:30', '09:30'],
      [P.bowral, P.meridianOffice, '16:30', '18:30'],
    ],
    slots: [{ category: 'coach', vehicle: 'v3', driver: 'noah' }],
    basePrice: 1580,
    taxMode: 'exclusive',
  },
  {
    day: 5,
    status: 'quoted',
    customer: 'hps',
    contact: 0,
    title: 'Year 5 Camp: Stanwell Tops',
    pax: 75,
    legs: [[P.hpsSchool, P.stanwell, '09:00', '10:30']],
    slots: [{ category: 'school_bus' }, { category: 'school_bus' }],
    basePrice: 2600,
    discounts: [{ description: 'School Loyalty Offer (10th bus)', amount: 400, type: 'fixed' }],
    terms: 'school',
    pricingNotes: 'Return transfer on day 3 quoted separately.',
  },
  // today + 6
  {
    day: 6,
    status: 'postponed',
    customer: 'harriers',
    contact: 0,
    title: 'Junior Gala Day Transfer',
    pax: 40,
    legs: [[P.gladesville, P.homebush, '08:00', '08:35']],
    slots: [{ category: 'standard_bus', vehicle: 'v5' }],
    basePrice: 620,
    pricingNotes: 'Postponed because of wet weather; new date to be confirmed by the club.',
  },
  {
    day: 6,
    status: 'confirmed',
    customer: 'coast',
    contact: 0,
    title: 'Harbour Lights Evening Tour',
    pax: 50,
    legs: [
      [P.novotel, P.quay, '19:00', '19:20'],
      [P.quay, P.novotel, '22:00', '22:25'],
    ],
    slots: [{ category: 'luxury_coach', vehicle: 'v1' }],
    basePrice: 1250,
    hasUpdates: 1,
    notesDriver: '<p>Route via the Harbour Bridge and Mrs Macquarie&#39;s Chair lookout.</p>',
  },
  // today + 7
  {
    day: 7,
    status: 'draft',
    customer: 'meridian',
    contact: 0,
    title: 'Quarterly Town Hall Shuttles',
    pax: 120,
    legs: [[P.meridianOffice, P.icc, '', '']],
    slots: [{ category: 'coach' }, { category: 'coach' }, { category: 'coach' }],
    basePrice: 0,
  },
  // today + 8
  {
    day: 8,
    status: 'quoted',
    customer: 'phh',
    contact: 0,
    title: 'Year 10 Ski Trip: Thredbo',
    pax: 95,
    legs: [[P.phhSchool, P.thredbo, '05:30', '12:30', 'Chain fitting may be required above Jindabyne']],
    slots: [{ category: 'luxury_coach' }, { category: 'luxury_coach' }],
    basePrice: 5400,
    terms: 'school',
  },
  {
    day: 8,
    status: 'postponed',
    customer: 'sbc',
    contact: 1,
    title: 'Athletics Carnival: Homebush',
    pax: 57,
    legs: [
      [P.sbcSchool, P.homebush, '08:15', '09:20'],
      [P.homebush, P.sbcSchool, '15:00', '16:05'],
    ],
    slots: [{ category: 'school_bus', vehicle: 'v6' }],
    basePrice: 940,
    terms: 'school',
  },
  // today + 9
  {
    day: 9,
    status: 'quoted',
    customer: 'coast',
    contact: 0,
    title: 'Annual Conference: Airport Arrivals',
    pax: 36,
    legs: [
      [P.t1, P.novotel, '08:00', '08:45'],
      [P.t2, P.novotel, '11:00', '11:35'],
    ],
    slots: [{ category: 'minibus' }, { category: 'minibus' }],
    basePrice: 980,
    extraCharges: [{ description: 'Meet and greet with signage', amount: 60, type: 'fixed' }],
  },
  // An untitled draft without a date or customer, as a manager leaves it after "Save Draft".
  {
    day: null,
    status: 'draft',
    customer: null,
    title: null,
    legs: [['', '', '', '']],
    slots: [{ category: 'coach' }],
    basePrice: 0,
  },
];

/**
 * Price arithmetic of spec 2 §5, inline until the shared pricing module exists in packages/domain
 * (then use that instead). subtotal = base after charges and discounts; inclusive tax is contained
 * in it (total = subtotal), exclusive tax is added on top, none adds nothing.
 */
function mapsLink(origin: string, destination: string): string {
  return `https://www.google.com/maps/dir/?api=1&origin=${encodeURIComponent(origin)}&destination=${encodeURIComponent(destination)}&travelmode=driving`;
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<DemoCredentials> {
  const tz = options.timezone ?? DEFAULT_TIMEZONE;
  const today = options.today ?? dateInZone(new Date(), tz);
  const day = (offset: number) => addDays(today, offset);
  /** A local wall-clock time on a day relative to today, as an instant. */
  const at = (offset: number, time: string, plusMinutes = 0) =>
    dayjs
      .tz(`${day(offset)} ${time}`, tz)
      .add(plusMinutes, 'minute')
      .toDate();

  // Hash outside the transaction: argon2 is deliberately slow.
  const [managerHash, driverHash] = await Promise.all([
    hashPassword(MANAGER_PASSWORD),
    hashPassword(DRIVER_PASSWORD),
  ]);

  // ---- ids, made up front so rows can point at each other before insertion
  const personId = Object.fromEntries(PEOPLE.map((p) => [p.key, randomUUID()])) as Record<PersonKey, string>;
  const categoryId = Object.fromEntries(CATEGORIES.map((c) => [c.key, randomUUID()])) as Record<
    CategoryKey,
    string
  >;
  const depotId = Object.fromEntries(DEPOTS.map((d) => [d.key, randomUUID()])) as Record<DepotKey, string>;
  const vehicleId = Object.fromEntries(VEHICLES.map((v) => [v.key, randomUUID()])) as Record<
    VehicleKey,
    string
  >;
  const customerId = Object.fromEntries(CUSTOMERS.map((c) => [c.key, randomUUID()])) as Record<
    CustomerKey,
    string
  >;
  const subcontractorId = randomUUID();
  const standardTermsId = randomUUID();
  const schoolTermsId = randomUUID();
  const manager = personId.sarah;

  // ---- users and preferences
  const userRows: NewUser[] = PEOPLE.map((p, i) => ({
    id: personId[p.key],
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    password: p.roles.includes('manager') ? managerHash : driverHash,
    roles: p.roles,
    pinDigest: p.pin ? pinDigest(p.pin, options.pinKey) : null,
    isActive: 1,
    emailVerified: 1,
    createdAt: at(-120 + i * 9, '09:00'),
  }));
  const preferenceRows = PEOPLE.filter((p) => p.roles.includes('driver')).map((p, i) => ({
    userId: personId[p.key],
    emailReminders: i === 3 ? 0 : 1,
    reminderHours: [24, 24, 12, 24, 48, 24][i] ?? 24,
  }));

  // ---- customers and contacts
  const contactIds: Record<string, string[]> = {};
  const contactRows: NewCustomerContact[] = [];
  for (const c of CUSTOMERS) {
    contactIds[c.key] = c.contacts.map((contact) => {
      const id = randomUUID();
      contactRows.push({ ...contact, id, customerId: customerId[c.key] });
      return id;
    });
  }

  // ---- fleet
  const vehicleRows: NewVehicle[] = VEHICLES.map((v) => ({
    id: vehicleId[v.key],
    type: v.partner ? 'subcontracted' : 'company_owned',
    category: v.category,
    categoryId: categoryId[v.category],
    registrationNumber: v.rego,
    nickname: v.nickname,
    make: v.make,
    model: v.model,
    seatedCapacity: v.seated,
    standingCapacity: v.standing,
    extraOptions: v.extras,
    defaultDepotId: v.depot ? depotId[v.depot] : null,
    subcontractorId: v.partner ? subcontractorId : null,
  }));
  const vehicleByKey = new Map(VEHICLES.map((v) => [v.key, v]));

  // ---- jobs
  const jobRows: NewJob[] = [];
  const legRows: NewJobLeg[] = [];
  const requirementRows: NewJobRequirement[] = [];
  const jobVehicleRows: NewJobVehicle[] = [];
  const jobIds: string[] = [];

  JOBS.forEach((spec, i) => {
    const jobId = randomUUID();
    jobIds.push(jobId);
    const extraCharges = (spec.extraCharges ?? []).map((c, k) => ({ ...c, id: `charge-${i + 1}-${k + 1}` }));
    const discounts = (spec.discounts ?? []).map((d, k) => ({ ...d, id: `discount-${i + 1}-${k + 1}` }));
    const taxMode = spec.taxMode ?? 'inclusive';
    const taxRate = 10;
    const price = calculatePrice({ basePrice: spec.basePrice, extraCharges, discounts, taxMode, taxRate });
    const isDraft = spec.status === 'draft';
    const termsId = isDraft ? null : spec.terms === 'school' ? schoolTermsId : standardTermsId;
    const firstLeg = spec.legs[0];
    // Created one to three weeks before the service (or recently, for undated drafts), never after today.
    const createdOffset = Math.min((spec.day ?? 0) - 7 - (i % 3) * 5, -1);
    const createdAt = at(createdOffset, '09:00', (i * 37) % 480);
    const updatedAt = spec.hasUpdates
      ? at(-1, '16:00', i * 3)
      : (spec.day ?? 0) < 0 && spec.status === 'completed'
        ? at(spec.day ?? 0, '19:00', i * 7)
        : at(createdOffset, '09:00', ((i * 37) % 480) + 90 + (i % 4) * 60);

    jobRows.push({
      id: jobId,
      jobNumber: formatJobNumber(i + 1),
      title: spec.title,
      serviceDate: spec.day === null ? null : day(spec.day),
      paxCount: spec.pax ?? null,
      serviceDescription: spec.description ?? null,
      notesDriver: spec.notesDriver ?? null,
      customerId: spec.customer ? customerId[spec.customer] : null,
      contactId:
        spec.customer && spec.contact !== undefined
          ? (contactIds[spec.customer]?.[spec.contact] ?? null)
          : null,
      mapsLink: spec.maps && firstLeg ? mapsLink(firstLeg[0], firstLeg[1]) : null,
      status: spec.status,
      hasUpdates: spec.hasUpdates ?? 0,
      loyaltyAwarded:
        spec.status === 'completed' && spec.customer && ['hps', 'sbc', 'phh'].includes(spec.customer) ? 1 : 0,
      basePrice: spec.basePrice,
      subtotal: price.subtotal,
      discounts,
      extraCharges,
      taxMode,
      taxRate,
      taxAmount: price.taxAmount,
      totalPrice: price.totalPrice,
      currency: 'AUD',
      termsTemplateId: termsId,
      termsAndConditions: termsId === null ? null : termsId === schoolTermsId ? SCHOOL_TERMS : STANDARD_TERMS,
      pricingNotes: spec.pricingNotes ?? null,
      createdBy: i % 4 === 3 ? personId.david : manager,
      createdAt,
      updatedAt,
    });

    spec.legs.forEach(([origin, destination, departure, arrival, notes], k) => {
      legRows.push({
        jobId,
        legNumber: k + 1,
        originAddress: origin || null,
        destinationAddress: destination || null,
        departureTime: departure || null,
        arrivalTime: arrival || null,
        notes: notes ?? null,
      });
    });

    // One requirement per category, with as many slots as the job asks of it.
    const requirementByCategory = new Map<CategoryKey, string>();
    for (const slot of spec.slots) {
      const existing = requirementByCategory.get(slot.category);
      if (existing) {
        const row = requirementRows.find((r) => r.id === existing);
        if (row) row.quantity = (row.quantity ?? 1) + 1;
        continue;
      }
      const category = must(
        CATEGORIES.find((c) => c.key === slot.category),
        `category ${slot.category}`,
      );
      const id = randomUUID();
      requirementByCategory.set(slot.category, id);
      requirementRows.push({
        id,
        jobId,
        categoryId: categoryId[slot.category],
        categoryName: category.name,
        quantity: 1,
        color: category.color,
        categoryColor: category.color,
        isRequired: 1,
        vehicleNotes: slot.category === 'school_bus' ? 'Seat belts fitted to every seat' : null,
      });
    }
    spec.slots.forEach((slot, k) => {
      // A slot without a vehicle is still a row: an open position of its requirement's category.
      const vehicle = slot.vehicle ? must(vehicleByKey.get(slot.vehicle), `vehicle ${slot.vehicle}`) : null;
      const depot = vehicle?.depot ? depotId[vehicle.depot] : null;
      jobVehicleRows.push({
        jobId,
        vehicleId: slot.vehicle ? vehicleId[slot.vehicle] : null,
        driverId: slot.driver ? personId[slot.driver] : null,
        requirementId: requirementByCategory.get(slot.category) ?? null,
        slotPosition: k + 1,
        startingDepotId: depot,
        endingDepotId: depot,
        vehicleNotes: slot.notes ?? null,
      });
    });
  });

  const jobIdByTitle = (title: string) =>
    must(jobIds[JOBS.findIndex((j) => j.title === title)], `job ${title}`);

  // ---- offers and requests
  const formal = jobIdByTitle('Year 12 Formal Transfers');
  const grandFinal = jobIdByTitle('Grand Final: Accor Stadium');
  const band = jobIdByTitle('Senior Band Performance: Sydney Opera House');
  const harbourLights = jobIdByTitle('Harbour Lights Evening Tour');
  const narrabeen = jobIdByTitle('Training Camp Transfer: Narrabeen');
  const offerRows: NewJobOffer[] = [
    {
      jobId: formal,
      driverId: personId.liam,
      status: 'pending',
      message: 'Second school bus for the Year 12 formal, evening run. Are you free?',
      expiresAt: at(1, '17:00'),
      createdBy: manager,
      createdAt: at(-1, '10:15'),
      updatedAt: at(-1, '10:15'),
    },
    {
      jobId: grandFinal,
      driverId: personId.emma,
      status: 'rejected',
      message: 'Grand Final shuttle, coach 2. Long day with a 7pm return.',
      expiresAt: at(1, '12:00'),
      createdBy: manager,
      createdAt: at(-2, '11:00'),
      updatedAt: at(-2, '15:20'),
    },
    {
      jobId: band,
      driverId: personId.liam,
      status: 'accepted',
      message: 'Band tour to the Opera House, coach with the students.',
      expiresAt: at(2, '12:00'),
      createdBy: manager,
      createdAt: at(-3, '09:30'),
      updatedAt: at(-3, '12:05'),
    },
    {
      jobId: harbourLights,
      driverId: personId.noah,
      status: 'pending',
      message: 'Evening harbour tour in Harbour Star. Please reply by noon.',
      // Still pending, but past its expiry: shown as Expired with no actions.
      expiresAt: at(-1, '12:00'),
      createdBy: personId.david,
      createdAt: at(-3, '14:00'),
      updatedAt: at(-3, '14:00'),
    },
    {
      jobId: harbourLights,
      driverId: personId.james,
      status: 'pending',
      message: 'Evening harbour tour in Harbour Star, 19:00 to 22:30.',
      expiresAt: at(3, '12:00'),
      createdBy: personId.david,
      createdAt: at(-1, '08:40'),
      updatedAt: at(-1, '08:40'),
    },
  ];
  const requestRows: NewJobRequest[] = [
    {
      jobId: formal,
      driverId: personId.emma,
      status: 'pending',
      message: 'Happy to do the formal run, I live close to Carlingford.',
      createdAt: at(-1, '13:10'),
      updatedAt: at(-1, '13:10'),
    },
    {
      jobId: grandFinal,
      driverId: personId.noah,
      status: 'pending',
      message: 'I can take coach 2 for the Grand Final.',
      createdAt: at(-1, '18:30'),
      updatedAt: at(-1, '18:30'),
    },
    {
      jobId: harbourLights,
      driverId: personId.priya,
      status: 'rejected',
      message: 'Available for the evening tour if needed.',
      createdAt: at(-2, '09:05'),
      updatedAt: at(-2, '11:00'),
    },
    {
      jobId: narrabeen,
      driverId: personId.liam,
      status: 'approved',
      message: 'I can do the Narrabeen transfer after my morning run.',
      createdAt: at(-4, '16:45'),
      updatedAt: at(-3, '08:30'),
    },
  ];

  // ---- mail log
  const mailRows: NewEmailNotification[] = [
    {
      userId: personId.priya,
      jobId: jobIdByTitle('Kindergarten Excursion: Featherdale Wildlife Park'),
      emailType: 'assignment',
      sentAt: at(-6, '10:02'),
    },
    {
      userId: personId.james,
      jobId: jobIdByTitle('Year 7 Canberra Excursion'),
      emailType: 'assignment',
      sentAt: at(-5, '09:12'),
    },
    {
      userId: personId.david,
      jobId: jobIdByTitle('Year 7 Canberra Excursion'),
      emailType: 'update',
      sentAt: at(-1, '16:05'),
    },
    {
      userId: personId.noah,
      jobId: jobIdByTitle('Client Golf Day: Hunter Valley'),
      emailType: 'update',
      sentAt: at(-1, '16:30'),
    },
    { userId: personId.liam, jobId: formal, emailType: 'offer', sentAt: at(-1, '10:16') },
    { userId: manager, jobId: band, emailType: 'acceptance', sentAt: at(-3, '12:06') },
    { userId: manager, jobId: grandFinal, emailType: 'decline', sentAt: at(-2, '15:21') },
    {
      userId: personId.noah,
      jobId: harbourLights,
      emailType: 'offer',
      sentAt: at(-3, '14:01'),
      status: 'failed',
      failureReason: '450 4.2.1 Mailbox temporarily unavailable',
    },
  ];

  // ---- the weeks before this one (Fleet Overview): Monday eleven weeks back to last Sunday
  const odometers = new DemoOdometers(LITRES_PER_100_KM);
  const preQuestionIds = PRE_DEPARTURE_QUESTIONS.map(() => randomUUID());
  const endQuestionIds = END_OF_SHIFT_QUESTIONS.map(() => randomUUID());
  const weekdayOf = (offset: number) => (new Date(`${day(offset)}T00:00:00Z`).getUTCDay() + 6) % 7;
  const firstHistoryDay = -weekdayOf(0) - 7 * 11;
  const history = demoFleetHistory({
    days: Array.from({ length: -7 - weekdayOf(0) - firstHistoryDay }, (_, i) => ({
      offset: firstHistoryDay + i,
      weekday: weekdayOf(firstHistoryDay + i),
    })),
    driverIds: (['james', 'priya', 'liam', 'emma', 'noah'] as const).map((k) => personId[k]),
    vehicles: (['v1', 'v2', 'v3', 'v4', 'v6', 'v7', 'v8', 'v9'] as const).map((key) => ({
      key,
      id: vehicleId[key],
    })),
    preQuestionIds,
    endQuestionIds,
    failedCheck: {
      index: 6,
      question: PRE_DEPARTURE_QUESTIONS[6]![1],
      category: PRE_DEPARTURE_QUESTIONS[6]![0],
    },
    managerId: manager,
    at,
    date: day,
    odometers,
  });

  // ---- shifts and forms: one shift per driver and past day on which they drove a completed job
  const shiftRows: NewShift[] = [];
  const preRows: NewPreDepartureInspection[] = [];
  const endRows: NewEndOfShiftInspection[] = [];
  const fuelRows: NewFuelLog[] = [];
  const shiftIndex = new Map<
    string,
    { driver: DriverKey; day: number; vehicle: VehicleKey; from: string; to: string }
  >();
  for (const spec of JOBS) {
    if (spec.status !== 'completed' || spec.day === null || spec.day >= 0) continue;
    const from = spec.legs[0]?.[2] ?? '08:00';
    const to = spec.legs[spec.legs.length - 1]?.[3] ?? '17:00';
    for (const slot of spec.slots) {
      if (!slot.driver || !slot.vehicle) continue;
      const key = `${spec.day}:${slot.driver}`;
      const known = shiftIndex.get(key);
      if (known) {
        if (from < known.from) known.from = from;
        if (to > known.to) known.to = to;
      } else shiftIndex.set(key, { driver: slot.driver, day: spec.day, vehicle: slot.vehicle, from, to });
    }
  }
  const shiftIds = new Map<string, string>();
  [...shiftIndex.values()]
    .sort((a, b) => a.day - b.day || a.from.localeCompare(b.from))
    .forEach((s, n) => {
      const id = randomUUID();
      shiftIds.set(`${s.day}:${s.driver}`, id);
      const startTime = at(s.day, s.from, -45);
      const endTime = at(s.day, s.to, 30);
      shiftRows.push({
        id,
        driverId: personId[s.driver],
        vehicleId: vehicleId[s.vehicle],
        startTime,
        endTime,
        shiftDate: day(s.day),
        notes: n % 4 === 2 ? 'Split shift; vehicle parked at the depot over the break.' : null,
      });

      // Pre-departure: every third a note (pass_with_notes); the fifth a failed light (fail).
      const fail = n === 4;
      const noted = n % 3 === 1;
      const responses: InspectionResponse[] = preQuestionIds.map((questionId, q) => ({
        questionId,
        passed: fail && q === 6 ? false : q === 5 && n % 2 === 1 ? null : true,
        notes:
          fail && q === 6
            ? 'Nearside rear indicator not working; reported to the workshop'
            : noted && q === 3
              ? 'Front left tyre slightly worn, still above the limit'
              : null,
      }));
      preRows.push({
        driverId: personId[s.driver],
        vehicleId: vehicleId[s.vehicle],
        shiftId: id,
        inspectionDate: at(s.day, s.from, -40),
        responses,
        overallStatus: fail ? 'fail' : noted ? 'pass_with_notes' : 'pass',
        damageReported: fail ? 1 : 0,
        damageDetails: fail ? 'Indicator lens cracked, bulb out.' : null,
        notes: fail ? 'Bulb replaced at the depot before departure.' : null,
      });

      if (n % 2 === 0) {
        const dirty = n === 2;
        endRows.push({
          driverId: personId[s.driver],
          vehicleId: vehicleId[s.vehicle],
          shiftId: id,
          inspectionDate: at(s.day, s.to, 20),
          responses: endQuestionIds.map((questionId, q) => ({
            questionId,
            passed: !(dirty && q === 2),
            notes: dirty && q === 2 ? 'Food spilled on the rear seats; needs a deep clean' : null,
          })),
          overallStatus: dirty ? 'fail' : 'pass',
          bodyDamageFound: 0,
          interiorDamageFound: dirty ? 1 : 0,
          interiorDamageDetails: dirty ? 'Stained seat fabric, rows 12 and 13.' : null,
          busClean: dirty ? 0 : 1,
        });
      }
      odometers.drive(s.vehicle, 140 + ((n * 41) % 210));
      if (n % 3 === 0) {
        fuelRows.push({
          driverId: personId[s.driver],
          vehicleId: vehicleId[s.vehicle],
          shiftId: id,
          fuelDate: at(s.day, s.to, 10),
          ...odometers.fill(s.vehicle, n),
          fuelType: 'Diesel',
          location: n % 2 === 0 ? 'Granville Depot bowser' : 'Ampol Foodary, Pacific Motorway, Berowra NSW',
          notes: n === 3 ? 'Receipt handed to the office.' : null,
        });
      }
    });
  const shiftOf = (dayOffset: number, driver: DriverKey) => shiftIds.get(`${dayOffset}:${driver}`) ?? null;

  // ---- transaction
  await db.transaction(async (tx) => {
    await tx.insert(users).values(userRows);
    await tx.insert(driverPreferences).values(preferenceRows);

    await tx.insert(appSettings).values({
      appName: 'Harbour City Coaches',
      appIcon: 'Bus',
      updatedBy: manager,
    });
    await tx.insert(documentSettings).values({
      companyName: 'Harbour City Coaches Pty Ltd',
      companyAddress: '42 Parramatta Road, Granville NSW 2142',
      companyPhone: '(02) 5550 4100',
      companyEmail: 'bookings@harbourcitycoaches.example.com.au',
      companyABN: '51 824 753 556',
      companyWebsite: 'https://harbourcitycoaches.example.com.au',
      quoteHeaderText: 'QUOTE',
      quoteFooterText: DEFAULT_QUOTE_FOOTER_TEXT,
      showLoyaltyFooter: 1,
      jobSheetHeaderText: 'JOB SHEET',
      jobSheetFooterText:
        'Drivers: report any defect or incident through the depot terminal before the end of your shift.',
      updatedBy: manager,
    });
    await tx.insert(termsTemplates).values([
      {
        id: standardTermsId,
        name: 'Standard Charter Terms',
        content: STANDARD_TERMS,
        isDefault: 1,
        createdBy: manager,
      },
      {
        id: schoolTermsId,
        name: 'School Excursion Terms',
        content: SCHOOL_TERMS,
        isDefault: 0,
        createdBy: manager,
      },
    ]);

    await tx
      .insert(vehicleCategoriesNew)
      .values(CATEGORIES.map((c) => ({ id: categoryId[c.key], name: c.name, slug: c.key, color: c.color })));
    await tx.insert(subcontractors).values({
      id: subcontractorId,
      companyName: 'Blue Mountains Charter Co.',
      contactName: 'Greg Hollis',
      phone: '(02) 5550 4780',
      email: 'dispatch@bluemountainscharter.example.com.au',
      address: '14 Great Western Highway, Katoomba NSW 2780',
    });
    await tx
      .insert(depots)
      .values(DEPOTS.map((d) => ({ id: depotId[d.key], name: d.name, address: d.address })));
    await tx.insert(vehicles).values(vehicleRows);

    await tx.insert(customers).values(CUSTOMERS.map((c) => ({ ...c.customer, id: customerId[c.key] })));
    await tx.insert(customerContacts).values(contactRows);

    await tx.insert(inspectionTemplateQuestions).values([
      ...PRE_DEPARTURE_QUESTIONS.map(
        ([category, question, requiresPhoto], i): NewInspectionTemplateQuestion => ({
          id: preQuestionIds[i],
          type: 'pre_departure',
          category,
          question,
          requiresPhoto,
          sortOrder: i + 1,
        }),
      ),
      ...END_OF_SHIFT_QUESTIONS.map(
        ([category, question, requiresPhoto], i): NewInspectionTemplateQuestion => ({
          id: endQuestionIds[i],
          type: 'end_of_shift',
          category,
          question,
          requiresPhoto,
          sortOrder: i + 1,
        }),
      ),
    ]);
    const typeRows = await tx
      .insert(emergencyTypes)
      .values(
        EMERGENCY_TYPES.map((t, i) => ({
          ...t,
          requiresImmediateNotification: 1,
          sortOrder: i + 1,
        })),
      )
      .returning({ id: emergencyTypes.id, name: emergencyTypes.name });
    const typeId = (name: string) =>
      must(typeRows.find((t) => t.name === name)?.id, `emergency type ${name}`);

    await tx.insert(jobs).values(jobRows);
    // New jobs continue the demo's numbering.
    await tx.execute(sql`select setval('job_number_seq', ${jobRows.length})`);
    await tx.insert(jobLegs).values(legRows);
    await tx.insert(jobRequirements).values(requirementRows);
    await tx.insert(jobVehicles).values(jobVehicleRows);
    await tx.insert(jobOffers).values(offerRows);
    await tx.insert(jobRequests).values(requestRows);
    await tx.insert(emailNotifications).values(mailRows);

    await tx.insert(shifts).values([...history.shifts, ...shiftRows]);
    await tx.insert(preDepartureInspections).values([...history.pre, ...preRows]);
    await tx.insert(endOfShiftInspections).values([...history.end, ...endRows]);
    await tx.insert(fuelLogs).values([...history.fuel, ...fuelRows]);
    await tx.insert(vehicleDefects).values([
      ...history.defects,
      // One still open: Jacaranda waits for the workshop (the Fleet Overview's open defects).
      {
        vehicleId: vehicleId.v5,
        reportedBy: personId.noah,
        reportedAt: at(-3, '06:05'),
        items: [
          {
            question: PRE_DEPARTURE_QUESTIONS[3]![1],
            category: PRE_DEPARTURE_QUESTIONS[3]![0],
            notes: 'Nearside front tyre cut in the sidewall',
          },
        ],
        notes: 'Booked into the workshop; keep off the road until the tyre is replaced.',
      },
    ]);

    await tx.insert(emergencyAlerts).values({
      driverId: personId.james,
      vehicleId: vehicleId.v4,
      shiftId: shiftOf(-4, 'james'),
      emergencyTypeId: typeId('Breakdown'),
      alertDate: at(-4, '17:40'),
      location: 'Mount Ousley Road northbound, near the Picton Road interchange',
      description:
        'Coolant warning light on the climb; pulled into the truck bay. All passengers safe on board.',
      status: 'resolved',
      notificationsSent: [
        { userId: manager, channel: 'live', sentAt: at(-4, '17:40').toISOString() },
        { userId: personId.david, channel: 'email', sentAt: at(-4, '17:41').toISOString() },
      ],
      resolvedAt: at(-4, '18:25'),
      resolvedBy: manager,
      resolutionNotes: 'Radiator hose clamp tightened by roadside assist; continued after 40 minutes.',
      createdAt: at(-4, '17:40'),
    });
    await tx.insert(incidentReports).values([
      {
        driverId: personId.emma,
        vehicleId: vehicleId.v7,
        shiftId: shiftOf(-3, 'emma'),
        incidentDate: at(-3, '09:10'),
        incidentType: 'near_miss',
        location: 'Farnell Avenue, Royal National Park',
        description:
          'A cyclist came around the bend on the wrong side of the road; I braked hard and stopped. No contact, no injuries.',
        status: 'submitted',
        createdAt: at(-3, '16:20'),
      },
      {
        driverId: personId.priya,
        vehicleId: vehicleId.v6,
        shiftId: shiftOf(-2, 'priya'),
        incidentDate: at(-2, '15:20'),
        incidentType: 'property_damage',
        location: 'Harbourview Public School car park, Kirribilli',
        description:
          'While reversing into the bus bay the nearside mirror touched a low tree branch. Mirror glass cracked.',
        damageDetails: 'Nearside mirror glass cracked; housing intact.',
        witnessDetails: 'Ben Okafor (school booking coordinator) was present.',
        status: 'under_review',
        reviewedBy: manager,
        reviewedAt: at(-1, '09:30'),
        reviewNotes: 'Mirror glass ordered. Reminder to use a spotter in the school car park.',
        createdAt: at(-2, '15:45'),
      },
    ]);
  });

  const nameOf = (p: (typeof PEOPLE)[number]) => `${p.firstName} ${p.lastName}`;
  return {
    managers: PEOPLE.filter((p) => p.roles.includes('manager')).map((p) => ({
      email: p.email,
      password: MANAGER_PASSWORD,
      name: nameOf(p),
    })),
    drivers: PEOPLE.filter((p) => p.roles.includes('driver')).map((p) => ({
      email: p.email,
      password: p.roles.includes('manager') ? MANAGER_PASSWORD : DRIVER_PASSWORD,
      name: nameOf(p),
      pin: p.pin ?? '',
    })),
  };
}
