/**
 * Deterministic seeded data: one company, its locations (sub-accounts), contacts and call
 * messages spread over the 60 days before `now`. Same options → same data, ids included.
 */
import { CALL_SCRIPTS, estimateDurationSec } from './call-scripts.js';
import type { components as Conv } from './generated/conversations.js';
import type { components as Contacts } from './generated/contacts.js';
import type { components as Loc } from './generated/locations.js';

export type SeedOptions = {
  seed: number;
  locations: number;
  contactsPerLocation: number;
  callsPerLocation: number;
  /** Share of calls that were not answered (no-answer, busy, failed, canceled, pending): no recording. */
  noRecordingFraction: number;
  /** Share of recorded calls that have a HighLevel transcript. */
  transcriptFraction: number;
  now: Date;
};

export type CallStatus =
  'pending' | 'completed' | 'answered' | 'busy' | 'no-answer' | 'failed' | 'canceled' | 'voicemail';

export type Location = Required<
  Pick<
    Loc['schemas']['GetLocationByIdSchema'],
    | 'id'
    | 'companyId'
    | 'name'
    | 'address'
    | 'city'
    | 'state'
    | 'country'
    | 'postalCode'
    | 'website'
    | 'timezone'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'logoUrl'
    | 'domain'
  >
>;

export type Contact = Required<
  Pick<
    Contacts['schemas']['GetContectByIdSchema'],
    | 'id'
    | 'locationId'
    | 'firstName'
    | 'lastName'
    | 'name'
    | 'email'
    | 'phone'
    | 'companyName'
    | 'source'
    | 'tags'
    | 'dateAdded'
    | 'timezone'
    | 'country'
  >
>;

/** A call message as the live API answers it (`meta.call`, not the spec's `meta.callDuration`). */
export type CallMessage = Omit<Conv['schemas']['GetMessageResponseDto'], 'meta'> & {
  meta: { call: { duration: number; status: CallStatus } };
};
export type SmsMessage = Conv['schemas']['GetMessageResponseDto'];

export type Call = {
  message: CallMessage;
  /** Script spoken in the recording, or null when the call has no recording. */
  scriptId: string | null;
  hasTranscript: boolean;
};

export type SeedData = {
  company: { id: string; name: string };
  userId: string;
  planId: string;
  locations: Location[];
  contacts: Contact[];
  calls: Call[];
  /** SMS messages, one per conversation, so the export's channel filter has something to leave out. */
  sms: SmsMessage[];
};

/** mulberry32: small, fast, good enough for test data. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 20-character ids shaped like HighLevel's. */
export function makeId(rng: () => number): string {
  let s = '';
  for (let i = 0; i < 20; i++) s += ID_CHARS[Math.floor(rng() * ID_CHARS.length)];
  return s;
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

const PLACES = [
  {
    name: 'Austin Office',
    address: '500 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    timezone: 'America/Chicago',
    area: '512',
  },
  {
    name: 'Denver Office',
    address: '1600 Glenarm Pl',
    city: 'Denver',
    state: 'CO',
    postalCode: '80202',
    timezone: 'America/Denver',
    area: '303',
  },
  {
    name: 'Miami Office',
    address: '200 S Biscayne Blvd',
    city: 'Miami',
    state: 'FL',
    postalCode: '33131',
    timezone: 'America/New_York',
    area: '305',
  },
  {
    name: 'Seattle Office',
    address: '1201 3rd Ave',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98101',
    timezone: 'America/Los_Angeles',
    area: '206',
  },
  {
    name: 'Boston Office',
    address: '100 Federal St',
    city: 'Boston',
    state: 'MA',
    postalCode: '02110',
    timezone: 'America/New_York',
    area: '617',
  },
  {
    name: 'Chicago Office',
    address: '233 S Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60606',
    timezone: 'America/Chicago',
    area: '312',
  },
] as const;

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'James',
  'Sophia',
  'Lucas',
  'Mia',
  'Ethan',
  'Harper',
  'Mason',
  'Ella',
  'Logan',
  'Grace',
  'Henry',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Moore',
  'Clark',
  'Walker',
  'Young',
  'King',
];
const COMPANIES = [
  'Acme Supplies',
  'Blue River Farms',
  'Cedar Dental',
  'Delta Logistics',
  'Evergreen Homes',
  'Fox Bakery',
];
const ANSWERED: readonly CallStatus[] = ['completed', 'completed', 'completed', 'answered'];
const UNANSWERED: readonly CallStatus[] = [
  'no-answer',
  'no-answer',
  'busy',
  'failed',
  'canceled',
  'voicemail',
  'pending',
];

const DAY_MS = 86_400_000;

export function buildSeed(opts: SeedOptions): SeedData {
  const rng = createRng(opts.seed);
  const company = { id: makeId(rng), name: 'Summit Growth Agency' };
  const userId = makeId(rng);
  const planId = makeId(rng);
  const nowMs = opts.now.getTime();
  const locations: Location[] = [];
  const contacts: Contact[] = [];
  const calls: Call[] = [];
  const sms: SmsMessage[] = [];

  for (let l = 0; l < opts.locations; l++) {
    const place = PLACES[l % PLACES.length] as (typeof PLACES)[number];
    const suffix = l >= PLACES.length ? ` ${Math.floor(l / PLACES.length) + 1}` : '';
    const id = makeId(rng);
    const slug = place.city.toLowerCase();
    locations.push({
      id,
      companyId: company.id,
      name: `Summit ${place.name}${suffix}`,
      address: place.address,
      city: place.city,
      state: place.state,
      country: 'US',
      postalCode: place.postalCode,
      website: `https://${slug}.summit-growth.example`,
      timezone: place.timezone,
      firstName: pick(rng, FIRST_NAMES),
      lastName: pick(rng, LAST_NAMES),
      email: `${slug}${suffix.trim()}@summit-growth.example`,
      phone: `+1${place.area}555${String(100 + l).padStart(4, '0')}`,
      logoUrl: `https://${slug}.summit-growth.example/logo.png`,
      domain: `${slug}.summit-growth.example`,
    });

    const locContacts: Contact[] = [];
    for (let c = 0; c < opts.contactsPerLocation; c++) {
      const firstName = pick(rng, FIRST_NAMES);
      const lastName = pick(rng, LAST_NAMES);
      const contact: Contact = {
        id: makeId(rng),
        locationId: id,
        firstName,
        lastName,
        name: `${firstName} ${lastName}`,
        email: `${firstName}.${lastName}.${l}${c}@example.com`.toLowerCase(),
        phone: `+1${place.area}${String(2_000_000 + Math.floor(rng() * 7_999_999)).padStart(7, '0')}`,
        companyName: pick(rng, COMPANIES),
        source: pick(rng, ['website form', 'facebook ad', 'referral', 'public api']),
        tags: [pick(rng, ['lead', 'prospect', 'customer'])],
        dateAdded: new Date(nowMs - (90 + Math.floor(rng() * 200)) * DAY_MS).toISOString(),
        timezone: place.timezone,
        country: 'US',
      };
      locContacts.push(contact);
    }
    contacts.push(...locContacts);
    // One conversation per contact, as in HighLevel.
    const conversationOf = new Map(locContacts.map((c) => [c.id, makeId(rng)]));
    for (const c of locContacts) {
      sms.push({
        id: makeId(rng),
        type: 2,
        messageType: 'TYPE_SMS',
        locationId: id,
        contactId: c.id,
        conversationId: conversationOf.get(c.id) as string,
        dateAdded: new Date(nowMs - Math.floor(rng() * 60 * DAY_MS)).toISOString(),
        body: 'Thanks for your time today, talk soon!',
        direction: 'outbound',
        status: 'delivered',
        contentType: 'text/plain',
        attachments: [],
        source: 'app',
        userId,
      });
    }

    // Exactly round(n × fraction) calls without recording, chosen by a seeded shuffle.
    const n = opts.callsPerLocation;
    const unanswered = new Set(
      shuffle(rng, [...Array(n).keys()]).slice(0, Math.round(n * opts.noRecordingFraction)),
    );
    const recorded = [...Array(n).keys()].filter((i) => !unanswered.has(i));
    const transcribed = new Set(
      shuffle(rng, recorded).slice(0, Math.round(recorded.length * opts.transcriptFraction)),
    );
    for (let i = 0; i < n; i++) {
      if (locContacts.length === 0) break;
      const contact = pick(rng, locContacts);
      const hasRecording = !unanswered.has(i);
      const status = hasRecording ? pick(rng, ANSWERED) : pick(rng, UNANSWERED);
      const script = hasRecording ? pick(rng, CALL_SCRIPTS) : null;
      // Whole seconds so every date survives a round trip through `startDate`/`endDate` filters.
      const dateAdded = new Date(Math.floor((nowMs - Math.floor(rng() * 60 * DAY_MS)) / 1000) * 1000);
      const direction = rng() < 0.6 ? 'outbound' : 'inbound';
      calls.push({
        message: {
          id: makeId(rng),
          type: 1,
          messageType: 'TYPE_CALL',
          locationId: id,
          contactId: contact.id,
          conversationId: conversationOf.get(contact.id) as string,
          dateAdded: dateAdded.toISOString(),
          direction,
          status: messageStatusOf(status),
          contentType: 'text/plain',
          attachments: [],
          userId,
          meta: {
            call: {
              duration: script ? estimateDurationSec(script) : status === 'voicemail' ? 20 : 0,
              status,
            },
          },
        },
        scriptId: script?.id ?? null,
        hasTranscript: transcribed.has(i),
      });
    }
  }
  return { company, userId, planId, locations, contacts, calls, sms };
}

/** The message-level status (the spec's enum) for a call status. */
function messageStatusOf(status: CallStatus): SmsMessage['status'] {
  if (status === 'pending') return 'pending';
  if (status === 'completed' || status === 'answered' || status === 'voicemail') return 'delivered';
  return 'failed';
}

function shuffle<T>(rng: () => number, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
