/**
 * Owns what a logged URL may show. Links that work by themselves — password reset and invitation
 * tokens, share links, signed audio URLs, the live-notification stream token, OAuth codes and
 * states — must not be readable from the logs: their secret parts are replaced by `[redacted]`,
 * and the rest (route, ids, harmless parameters) is kept so a log line still says what happened.
 */

/** Query parameters that carry a working secret, in any route. */
const SECRET_PARAMS = new Set([
  'token',
  'link',
  'sig',
  'signature',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'key',
  'apikey',
  'api_key',
]);

/** Paths whose last segment is a secret: web pages opened from e-mails and the invite preview. */
const SECRET_PATHS = [
  /^(\/reset-password\/)[^/?#]+/,
  /^(\/accept-invite\/)[^/?#]+/,
  /^(\/share\/)[^/?#]+/,
  /^(\/api\/users\/invite\/)[^/?#]+/,
];

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (!query) return path;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' ')).toLowerCase();
    } catch {
      name = rawName.toLowerCase();
    }
    return SECRET_PARAMS.has(name) && eq !== -1 ? `${rawName}=${REDACTED}` : pair;
  });
  return `${path}?${parts.join('&')}`;
}
