/**
 * Owns short-lived signed URLs for media: an <audio> element cannot send an Authorization header,
 * so the owner gets a URL whose query carries an expiry and an HMAC of (resource, expiry).
 */
import crypto from 'node:crypto';

export type UrlSigner = {
  sign(resource: string, ttlSeconds: number): { exp: number; sig: string };
  verify(resource: string, exp: number, sig: string): boolean;
};

export function createUrlSigner(secret: string): UrlSigner {
  const key = crypto.createHash('sha256').update(`signed-url:${secret}`).digest();
  const mac = (resource: string, exp: number) =>
    crypto.createHmac('sha256', key).update(`${resource}\n${exp}`).digest('base64url');
  return {
    sign(resource, ttlSeconds) {
      const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
      return { exp, sig: mac(resource, exp) };
    },
    verify(resource, exp, sig) {
      if (!Number.isInteger(exp) || exp < Math.floor(Date.now() / 1000)) return false;
      const expected = Buffer.from(mac(resource, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
