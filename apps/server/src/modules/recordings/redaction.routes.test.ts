/**
 * Redaction end to end on the real app: a call whose transcript carries a card number, an SSN, an
 * e-mail and a phone number is stored, analysed, exported and shared without the card number and
 * SSN; e-mails and phones go too once an admin turns the organization setting on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';

const CARD = '4111 1111 1111 1111';
const SSN = '123-45-6789';
const segments = [
  { speaker: 'Speaker 1', start: 0, end: 4, text: 'Thanks for calling, how can I help you today?' },
  {
    speaker: 'Speaker 2',
    start: 4,
    end: 12,
    text: `Please put the deposit on my card ${CARD}. My SSN is ${SSN} if you need it.`,
  },
  { speaker: 'Speaker 2', start: 12, end: 16, text: 'Email me at pat@example.com or call 415-555-2671.' },
];

async function waitDone(h: Harness, user: CreatedUser, id: number) {
  for (let i = 0; i < 200; i++) {
    const r = await h.app.inject({
      method: 'GET',
      url: `/api/analysis/analysis?id=${id}`,
      headers: user.auth,
    });
    if (r.json().status === 'done') return r.json();
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('analysis did not finish');
}

describe.each(BACKENDS)('redaction (%s)', (backend) => {
  let h: Harness;
  let admin: CreatedUser;
  beforeAll(async () => {
    h = await createHarness(backend, {}, { worker: true });
    admin = await createUser(h.app);
  });
  afterAll(async () => {
    await h?.close();
  });

  const importCall = async () => {
    const me = await h.app.inject({
      method: 'GET',
      url: `/api/users/userId/${admin.id}`,
      headers: admin.auth,
    });
    const caller = {
      id: admin.id,
      organizationId: me.json().organizationId,
      role: 'admin' as const,
      email: admin.email,
    };
    const row = await h.container.recordings.createWithTranscript(caller, {
      source: 'sample',
      originalName: 'deposit.wav',
      segments,
      durationSec: 16,
    });
    return row.id;
  };

  it('never stores card numbers or SSNs, in the transcript, analysis, export or share page', async () => {
    const id = await importCall();
    const record = await waitDone(h, admin, id);
    const everything = JSON.stringify(record);
    expect(everything).not.toContain('4111');
    expect(everything).not.toContain('6789');
    expect(record.transcription).toContain('[card number]');
    expect(record.transcription).toContain('[social security number]');
    // Contacts stay by default.
    expect(record.transcription).toContain('pat@example.com');

    const csv = await h.app.inject({ method: 'GET', url: '/api/recordings/export.csv', headers: admin.auth });
    expect(csv.body).toContain('[card number]');
    expect(csv.body).not.toContain('4111');

    const link = await h.app.inject({
      method: 'POST',
      url: '/api/analysis/link-generator',
      headers: admin.auth,
      payload: { id },
    });
    const shared = await h.app.inject({
      method: 'GET',
      url: `/api/analysis/shareable?link=${link.json().token}`,
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.body).not.toContain('4111');
  });

  it('removes e-mails and phone numbers once an admin asks for it; bad and anonymous changes are refused', async () => {
    const settings = await h.app.inject({
      method: 'GET',
      url: '/api/organization/settings',
      headers: admin.auth,
    });
    expect(settings.json()).toEqual({ redact_emails: false, redact_phones: false, retention_days: null });
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: admin.auth,
      payload: { redact_emails: true, redact_phones: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ redact_emails: true, redact_phones: true, retention_days: null });

    const id = await importCall();
    const record = await waitDone(h, admin, id);
    expect(record.transcription).toContain('[email]');
    expect(record.transcription).toContain('[phone number]');
    expect(record.transcription).not.toContain('pat@example.com');
    expect(record.transcription).not.toContain('555-2671');

    const bad = await h.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: admin.auth,
      payload: { redact_emails: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await h.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: admin.auth,
      payload: { retention: 3 },
    });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await h.app.inject({ method: 'PUT', url: '/api/organization/settings', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps each organization's setting to itself", async () => {
    const other = await createUser(h.app);
    const settings = await h.app.inject({
      method: 'GET',
      url: '/api/organization/settings',
      headers: other.auth,
    });
    expect(settings.json()).toEqual({ redact_emails: false, redact_phones: false, retention_days: null });
  });
});
