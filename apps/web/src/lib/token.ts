/** Owns client-side JWT checks: the SPA only reads `exp`; the server verifies signatures. */

export type JwtPayload = { exp?: unknown; [claim: string]: unknown };

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decodeBase64Url(segment: string): string {
  if (!BASE64URL.test(segment)) throw new Error('Not base64url');
  const base64 = segment.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The payload of a compact JWT, or null when it does not decode to a JSON object. */
export function decodeJwtPayload(token: string): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const segment = parts[1];
  if (!segment) return null;
  try {
    const value: unknown = JSON.parse(decodeBase64Url(segment));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JwtPayload)
      : null;
  } catch {
    return null;
  }
}

/** Valid only if the token decodes and its `exp` (seconds) is later than now in seconds. */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const payload = decodeJwtPayload(token);
  const exp = payload?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return false;
  return exp > Math.floor(nowMs / 1000);
}
