/**
 * A new recorded call in a location, as a test makes one happen: added to the seeded data (so the
 * API serves it) and announced by its `InboundMessage`/`OutboundMessage` webhook, signed.
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import type { SandboxWorld } from './api-routes.js';
import { CALL_SCRIPTS, findScript } from './call-scripts.js';
import { makeId, type Call } from './seed.js';
import { postSigned, type CallWebhookPayload, type WebhookDelivery } from './webhooks.js';

export type CallWebhookInput = {
  locationId: string;
  contactId?: string;
  direction?: 'inbound' | 'outbound';
  /** Script spoken in the new call's recording (default: picked from the seed). */
  scriptId?: string;
  dateAdded?: Date;
};

/** Adds the call and POSTs its event to `targetUrl`, signed with `signingKey`. */
export async function emitCallWebhook(
  world: Pick<SandboxWorld, 'data' | 'locationsById' | 'contactsById' | 'callsById' | 'extraRng' | 'clock'>,
  input: CallWebhookInput,
  targetUrl: string,
  signingKey: KeyObject | string,
): Promise<WebhookDelivery> {
  const { data, locationsById, contactsById, callsById, extraRng, clock } = world;
  const location = locationsById.get(input.locationId);
  if (!location) throw new Error(`highlevel-sandbox: unknown location ${input.locationId}`);
  const contacts = data.contacts.filter((c) => c.locationId === location.id);
  const contact = input.contactId ? contactsById.get(input.contactId) : contacts[0];
  if (!contact || contact.locationId !== location.id) throw new Error('highlevel-sandbox: unknown contact');
  const script = input.scriptId
    ? findScript(input.scriptId)
    : CALL_SCRIPTS[Math.floor(extraRng() * CALL_SCRIPTS.length)];
  if (!script) throw new Error(`highlevel-sandbox: unknown script ${input.scriptId}`);
  const existing = data.calls.find((c) => c.message.contactId === contact.id);
  const direction = input.direction ?? 'inbound';
  const call: Call = {
    message: {
      id: makeId(extraRng),
      type: 1,
      messageType: 'TYPE_CALL',
      locationId: location.id,
      contactId: contact.id,
      conversationId: existing?.message.conversationId ?? makeId(extraRng),
      dateAdded: new Date(
        Math.floor((input.dateAdded ?? new Date(clock())).getTime() / 1000) * 1000,
      ).toISOString(),
      direction,
      status: 'delivered',
      contentType: 'text/plain',
      attachments: [],
      userId: data.userId,
      meta: { call: { duration: 60, status: 'completed' } },
    },
    scriptId: script.id,
    hasTranscript: false,
  };
  data.calls.push(call);
  callsById.set(call.message.id, call);
  const payload: CallWebhookPayload = {
    type: direction === 'inbound' ? 'InboundMessage' : 'OutboundMessage',
    locationId: location.id,
    messageId: call.message.id,
    conversationId: call.message.conversationId,
    contactId: contact.id,
    messageType: 'CALL',
    direction,
    status: 'completed',
    callStatus: 'completed',
    callDuration: call.message.meta.call.duration,
    dateAdded: call.message.dateAdded,
    attachments: [],
    userId: data.userId,
    webhookId: randomUUID(),
    timestamp: new Date(clock()).toISOString(),
  };
  return postSigned(targetUrl, payload, signingKey);
}
