/**
 * Seed data for the assistant's tests: two organizations, reps, a manager, calls with contacts and
 * analyses at known times. Rows are inserted directly (the CRM sync that fills contact fields is
 * another module's job); accounts go through the real sign-up and sign-in.
 */
import { hash } from '@node-rs/argon2';
import type { Analysis } from '@call-insights/contracts/analysis';
import type { App } from '../app.js';
import type { Db } from '../db/client.js';
import { analyses, recordings, users } from '../db/schema.js';
import { createUser } from './factories.js';

export type Member = { id: number; organizationId: number; auth: { authorization: string } };

/** Adds a member with a role to an organization the way an invitation will (direct insert), signed in. */
export async function addMember(
  app: App,
  db: Db,
  organizationId: number,
  role: 'user' | 'manager' | 'admin',
  name: { firstName: string; lastName: string },
): Promise<Member> {
  const email = `member_${Math.random().toString(36).slice(2, 10)}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      organizationId,
      ...name,
      username: email.split('@')[0] ?? 'member',
      email,
      passwordHash: await hash('member password'),
      role,
    })
    .returning({ id: users.id });
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'member password' },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { id: row!.id, organizationId, auth: { authorization: `Token ${login.json().accessToken}` } };
}

/** A new organization through the real sign-up; its first user is its admin. */
export async function signUpAdmin(app: App): Promise<Member> {
  const u = await createUser(app);
  const me = await app.inject({ method: 'GET', url: `/api/users/userId/${u.id}`, headers: u.auth });
  const { organizationId } = me.json() as { organizationId: number };
  return { id: u.id, organizationId, auth: u.auth };
}

export type SeedCall = {
  organizationId: number;
  userId: number | null;
  at: Date;
  name?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  contactId?: string;
  originalName?: string;
  durationSec?: number;
  transcript?: string;
  status?: 'done' | 'transcribing' | 'failed';
  analysis?: Partial<Analysis> & Pick<Analysis, 'result_class' | 'lead_score'>;
};

export async function insertCall(db: Db, c: SeedCall): Promise<number> {
  const [row] = await db
    .insert(recordings)
    .values({
      organizationId: c.organizationId,
      userId: c.userId,
      source: 'uploaded_file',
      originalName: c.originalName ?? `call-${Math.random().toString(36).slice(2, 8)}.wav`,
      crmContactName: c.name ?? null,
      crmFirstName: c.firstName ?? null,
      crmLastName: c.lastName ?? null,
      phoneNumber: c.phone ?? null,
      crmEmail: c.email ?? null,
      crmContactId: c.contactId ?? null,
      durationSec: c.durationSec ?? null,
      status: c.status ?? 'done',
      progress: c.status === 'transcribing' ? 40 : 100,
      ...(c.status === 'failed' ? { error: 'The file could not be decoded.' } : {}),
      transcriptText: c.transcript ?? null,
      createdAt: c.at,
      dateAdded: c.at,
      createdText: c.at.toISOString().slice(0, 19).replace('T', ' '),
    })
    .returning({ id: recordings.id });
  const id = row!.id;
  if (c.analysis) {
    const data: Analysis = {
      call_results: '',
      call_summary: '',
      questions: [],
      answers: [],
      question_speakers: [],
      objections: [],
      pain_points: [],
      pricing_discussed: [],
      lead_score_reasons: [],
      analyzer: 'rules',
      ...c.analysis,
    };
    await db.insert(analyses).values({
      recordingId: id,
      organizationId: c.organizationId,
      analyzer: 'rules',
      resultClass: data.result_class,
      leadScore: data.lead_score,
      data,
      metrics: null,
    });
  }
  return id;
}
