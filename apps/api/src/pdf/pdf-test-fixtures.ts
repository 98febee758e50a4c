import { crc32, deflateSync } from 'node:zlib';
import { calculatePrice, type DocumentSettings, type Job, type JobLeg, type JobSlot } from '@dms/domain';
import type { JobPdfInput } from './pdf-input';

// Jobs shaped exactly as the API answers them, for the document tests and the preview renders.

export const TEST_SETTINGS: DocumentSettings = {
  companyName: 'Harbour City Coaches',
  companyAddress: '14 Depot Road, Alexandria NSW 2015',
  companyPhone: '(02) 9555 0142',
  companyEmail: 'bookings@harbourcitycoaches.com.au',
  companyABN: '51 824 753 556',
  companyWebsite: 'harbourcitycoaches.com.au',
  logoUrl: null,
  logoBackground: 'transparent',
  primaryColor: '#1e40af',
  secondaryColor: '#64748b',
  accentColor: '#0891b2',
  quoteHeaderText: 'QUOTE',
  quoteFooterText:
    'School Loyalty Offer: after 9 school charters, receive $400 off every 10th bus you book with us.',
  showLoyaltyFooter: true,
  jobSheetHeaderText: 'JOB SHEET',
  jobSheetFooterText: 'Drivers: call dispatch on 0400 123 456 before leaving the depot if anything changes.',
  showVehicleNotes: true,
  showTermsAndConditions: true,
  showPricingBreakdown: true,
  quoteValidDays: 14,
  taxLabel: null,
  updatedAt: '2026-03-01T00:00:00.000Z',
  version: 1,
};

const CATEGORIES = [
  { id: 'cat-57', name: '57-seat Coach', color: '#1c7ed6' },
  { id: 'cat-24', name: '24-seat Minibus', color: '#2f9e44' },
];

function slot(position: number, overrides: Partial<JobSlot> = {}): JobSlot {
  const category = CATEGORIES[position % 2 === 0 ? 0 : 1] ?? CATEGORIES[0];
  return {
    id: `slot-${position}`,
    slotPosition: position,
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    categoryColor: category?.color ?? null,
    vehicleId: null,
    vehicle: null,
    driverId: null,
    driver: null,
    vehicleNotes: null,
    startingDepot: null,
    endingDepot: null,
    offerStatus: null,
    ...overrides,
  };
}

function leg(n: number, overrides: Partial<JobLeg> = {}): JobLeg {
  return {
    id: `leg-${n}`,
    legNumber: n,
    originAddress: null,
    destinationAddress: null,
    departureTime: null,
    arrivalTime: null,
    notes: null,
    ...overrides,
  };
}

const TERMS_SHORT =
  '<p><strong>Payment:</strong> a 20% deposit confirms the booking; the balance is due 7 days before travel.</p>' +
  '<ul><li><p>Cancellations within 48 hours are charged in full.</p></li><li><p>No food or drink on board.</p></li></ul>';

/** A one-page quote: one return trip, two coaches, charges and a discount. */
export function shortJob(overrides: Partial<Job> = {}): Job {
  const base: Omit<Job, 'subtotal' | 'taxAmount' | 'totalPrice'> = {
    id: '3f2a9c1e-7b44-4c1d-9a0e-5d6f7a8b9c0d',
    jobNumber: 'J-00042',
    pendingRequests: 0,
    title: 'Year 9 Excursion to Taronga Zoo',
    status: 'quoted',
    serviceDate: '2026-03-31',
    paxCount: 96,
    serviceDescription:
      'Return transfer for students and teachers from the school to Taronga Zoo, with a stop at the wharf on the way back.',
    notesDriver:
      '<p><strong>Arrive 15 minutes early</strong> at the bus bay on Fitzroy Street.</p>' +
      '<p><span style="color: #e03131">Two students use wheelchairs</span>: <em>use the lift-equipped coach</em>.</p>' +
      '<p>Teacher in charge: <span style="color: #1c7ed6"><strong>Ms Nguyễn</strong></span> — 0412 555 019</p>',
    mapsLink: 'https://maps.example.com/?q=Taronga+Zoo',
    hasUpdates: 0,
    customer: {
      id: 'cust-1',
      companyName: 'St Mary’s College Ōtaki',
      name: 'St Mary’s College Ōtaki',
      companyType: 'school',
      phone: '(02) 9555 0199',
      email: 'office@stmarys.edu.au',
      address: '23 College Street, Ōtaki NSW 2000',
    },
    vehicles: [
      slot(0, {
        vehicleId: 'veh-1',
        vehicle: {
          id: 'veh-1',
          registrationNumber: 'BUS 101',
          nickname: 'Big Blue',
          make: 'Scania',
          model: 'K360',
          seatedCapacity: 57,
          type: 'company_owned',
        },
        driverId: 'drv-1',
        driver: { id: 'drv-1', firstName: 'Aroha', lastName: 'Tāne' },
        vehicleNotes: 'Wheelchair lift required',
        startingDepot: { id: 'dep-1', name: 'Alexandria' },
        endingDepot: { id: 'dep-1', name: 'Alexandria' },
      }),
      slot(2, { vehicleNotes: 'Wheelchair lift required' }),
    ],
    legs: [
      leg(1, {
        originAddress: 'St Mary’s College, 12 Fitzroy St, Surry Hills',
        destinationAddress: 'Taronga Zoo, Bradleys Head Rd, Mosman',
        departureTime: '08:30',
        arrivalTime: '09:15',
        notes: 'Drop off at the upper entrance.',
      }),
      leg(2, {
        originAddress: 'Taronga Zoo, Bradleys Head Rd, Mosman',
        destinationAddress: 'St Mary’s College, 12 Fitzroy St, Surry Hills',
        departureTime: '14:30',
        arrivalTime: '15:20',
      }),
    ],
    updatedAt: '2026-03-02T03:04:05.000Z',
    customerId: 'cust-1',
    contactId: 'con-1',
    contact: {
      id: 'con-1',
      name: 'Jane Citizen',
      role: 'Sports Coordinator',
      email: 'jane@stmarys.edu.au',
      phone: '0412 555 010',
    },
    loyaltyAwarded: 0,
    basePrice: 1800,
    extraCharges: [
      { id: 'c1', description: 'Weekend surcharge', amount: 10, type: 'percentage' },
      { id: 'c2', description: 'Parking and tolls', amount: 45.5, type: 'fixed' },
    ],
    discounts: [{ id: 'd1', description: 'School discount', amount: 100, type: 'fixed' }],
    taxMode: 'inclusive',
    taxRate: 10,
    currency: 'AUD',
    pricingNotes: 'Price holds for 30 days from the date issued.',
    termsTemplateId: null,
    termsAndConditions: TERMS_SHORT,
    createdBy: null,
    createdAt: '2026-03-01T22:30:00.000Z',
    version: 3,
    ...overrides,
  };
  return withPrices(base);
}

const SUBURBS = [
  'Parramatta',
  'Chatswood',
  'Bondi Junction',
  'Manly',
  'Penrith',
  'Hornsby',
  'Cronulla',
  'Liverpool',
];

/** A long job: 12 legs, 6 slots and long terms, which runs over about three pages. */
export function longJob(overrides: Partial<Job> = {}): Job {
  const legs = Array.from({ length: 12 }, (_, i) =>
    leg(i + 1, {
      originAddress: `${SUBURBS[i % SUBURBS.length]} Station, ${10 + i} Church Street, ${SUBURBS[i % SUBURBS.length]} NSW`,
      destinationAddress: `${SUBURBS[(i + 3) % SUBURBS.length]} Sports Centre, ${40 + i} Park Road`,
      departureTime: `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      arrivalTime: `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '55' : '25'}`,
      notes: i % 3 === 0 ? 'Collect the team sheets from the coordinator at the gate.' : null,
    }),
  );
  const vehicles = Array.from({ length: 6 }, (_, i) =>
    slot(i, {
      ...(i < 4
        ? {
            vehicleId: `veh-${i}`,
            vehicle: {
              id: `veh-${i}`,
              registrationNumber: `BUS ${201 + i}`,
              nickname: i === 1 ? 'Kōwhai' : null,
              make: 'Volvo',
              model: 'B8R',
              seatedCapacity: i % 2 ? 24 : 57,
              type: 'company_owned' as const,
            },
          }
        : {}),
      ...(i < 3
        ? {
            driverId: `drv-${i}`,
            driver: {
              id: `drv-${i}`,
              firstName: ['Sam', 'Priya', 'Lê'][i] ?? 'Sam',
              lastName: ['Taylor', 'Raman', 'Văn Minh'][i] ?? 'Taylor',
            },
          }
        : {}),
      vehicleNotes: i === 0 ? 'Trailer for sports equipment' : null,
      startingDepot: { id: 'dep-1', name: 'Alexandria' },
      endingDepot: { id: i % 2 ? 'dep-2' : 'dep-1', name: i % 2 ? 'Penrith' : 'Alexandria' },
    }),
  );
  const clauses = Array.from(
    { length: 14 },
    (_, i) =>
      `<h3>${i + 1}. ${['Bookings', 'Payment', 'Cancellations', 'Passenger conduct', 'Luggage', 'Delays', 'Damage', 'Liability', 'Variations', 'Child safety', 'Alcohol', 'Privacy', 'Complaints', 'Governing law'][i]}</h3>` +
      '<p>The operator will use reasonable endeavours to provide the service as booked. The hirer is responsible for the behaviour of all passengers, and for any cleaning or repair costs arising from their use of the vehicle. Times are estimates and depend on traffic and road conditions.</p>' +
      (i % 4 === 0
        ? '<ol><li><p>Written notice is required.</p></li><li><p>Fees apply as listed above.</p></li></ol>'
        : ''),
  ).join('');
  return shortJob({
    id: '9b1c2d3e-0000-4000-8000-123456789abc',
    jobNumber: 'J-00108',
    title: 'Winter Sports Carnival — Round 4',
    paxCount: 210,
    legs,
    vehicles,
    termsAndConditions: clauses,
    ...overrides,
  });
}

function withPrices(job: Omit<Job, 'subtotal' | 'taxAmount' | 'totalPrice'>): Job {
  const price = calculatePrice(job);
  return { ...job, subtotal: price.subtotal, taxAmount: price.taxAmount, totalPrice: price.totalPrice };
}

export function pdfInput(
  job: Job,
  settings: Partial<DocumentSettings> = {},
  extra: Partial<JobPdfInput> = {},
): JobPdfInput {
  return {
    job,
    settings: { ...TEST_SETTINGS, ...settings },
    logo: null,
    operator: { currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' },
    appName: 'Harbour City Coaches',
    issuedAt: new Date('2026-03-02T01:00:00Z'),
    ...extra,
  };
}

/** A real 240×64 PNG logo: a blue badge with a white band, enough to see it placed and scaled. */
export function sampleLogoPng(): Buffer {
  const width = 240;
  const height = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const band = y > 26 && y < 38 && x > 16 && x < width - 16;
      const inside = x > 4 && x < width - 4 && y > 4 && y < height - 4;
      const [r, g, b, a] = !inside ? [0, 0, 0, 0] : band ? [255, 255, 255, 255] : [8, 145, 178, 255];
      row.set([r, g, b, a], 1 + x * 4);
    }
    rows.push(row);
  }
  return encodePng(width, height, Buffer.concat(rows));
}

function encodePng(width: number, height: number, scanlines: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
