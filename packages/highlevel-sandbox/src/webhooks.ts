/**
 * Outbound webhooks as HighLevel sends them: a JSON body signed with Ed25519 over the raw bytes,
 * base64 signature in `x-ghl-signature`. The key pair is derived from the sandbox seed, so a test
 * (or the app's sandbox mode) can know the public key in advance.
 */
import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type WebhookKeys = { privateKey: KeyObject; publicKey: KeyObject; publicKeyPem: string };

export function webhookKeys(seed: number): WebhookKeys {
  const secret = createHash('sha256').update(`highlevel-sandbox-webhook:${seed}`).digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, secret]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The public key (PEM) that verifies webhooks of a sandbox started with this seed. */
export function sandboxWebhookPublicKey(seed = 1): string {
  return webhookKeys(seed).publicKeyPem;
}

export type CallWebhookPayload = {
  type: 'InboundMessage' | 'OutboundMessage';
  locationId: string;
  messageId: string;
  conversationId: string;
  contactId: string;
  messageType: 'CALL';
  direction: 'inbound' | 'outbound';
  status: string;
  callStatus: string;
  callDuration: number;
  dateAdded: string;
  attachments: string[];
  userId: string;
  webhookId: string;
  timestamp: string;
};

export type WebhookDelivery = { status: number; body: string; payload: CallWebhookPayload };

export async function postSigned(
  targetUrl: string,
  payload: CallWebhookPayload,
  key: KeyObject | string,
): Promise<WebhookDelivery> {
  const raw = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = sign(null, raw, typeof key === 'string' ? createPrivateKey(key) : key).toString('base64');
  const res = await fetch(targetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ghl-signature': signature },
    body: raw,
  });
  return { status: res.status, body: await res.text(), payload };
}
