/**
 * The OAuth `state` of a CRM install: an HMAC-SHA256-signed token binding the user, the
 * organization, the install type (Location | Company), an expiry and a random nonce. HighLevel
 * hands it back untouched; the server checks the signature, the expiry and the user, and spends
 * the nonce once (crm_oauth_states), so a state cannot be forged, replayed, or used by someone else.
 */
import crypto from 'node:crypto';

export type StatePayload = {
  /** Random nonce (128 bits): the single-use key. */
  n: string;
  /** User id and organization id of who started the install. */
  u: number;
  o: number;
  /** Install type. */
  t: 'Location' | 'Company';
  /** Expiry, seconds since the epoch. */
  e: number;
};

export type StateProblem = 'malformed' | 'signature' | 'expired';

export function createStateSigner(secret: string) {
  const key = crypto.createHash('sha256').update(`crm-oauth-state:${secret}`).digest();
  const mac = (data: string) => crypto.createHmac('sha256', key).update(data).digest('base64url');
  return {
    sign(p: Omit<StatePayload, 'n' | 'e'>, ttlSeconds: number): { state: string; payload: StatePayload } {
      const payload: StatePayload = {
        ...p,
        n: crypto.randomBytes(16).toString('base64url'),
        e: Math.floor(Date.now() / 1000) + ttlSeconds,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return { state: `${body}.${mac(body)}`, payload };
    },
    verify(state: string): { ok: true; payload: StatePayload } | { ok: false; problem: StateProblem } {
      const [body, sig, extra] = state.split('.');
      if (!body || !sig || extra !== undefined) return { ok: false, problem: 'malformed' };
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
        return { ok: false, problem: 'signature' };
      let payload: StatePayload;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
      } catch {
        return { ok: false, problem: 'malformed' };
      }
      if (
        typeof payload.n !== 'string' ||
        typeof payload.u !== 'number' ||
        typeof payload.o !== 'number' ||
        (payload.t !== 'Location' && payload.t !== 'Company') ||
        typeof payload.e !== 'number'
      )
        return { ok: false, problem: 'malformed' };
      if (payload.e < Date.now() / 1000) return { ok: false, problem: 'expired' };
      return { ok: true, payload };
    },
  };
}

export type StateSigner = ReturnType<typeof createStateSigner>;
