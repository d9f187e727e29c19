/**
 * The sandbox's OAuth state: authorization codes, access tokens, rotating refresh tokens, and the
 * error answers HighLevel gives for each failure.
 */
import { randomBytes } from 'node:crypto';
import type { components as OAuth } from './generated/oauth.js';

export type UserType = 'Location' | 'Company';
export type TokenResponse = OAuth['schemas']['GetAccessCodeSuccessfulResponseDto'];
export type LocationTokenResponse = OAuth['schemas']['GetLocationAccessTokenSuccessfulResponseDto'];

export type Grant = {
  userType: UserType;
  companyId: string;
  /** Location installs: the one location. */
  locationId?: string;
  /** Company installs: the locations the user approved. */
  approvedLocations: string[];
  scope: string;
  userId: string;
  planId: string;
};

export type AccessToken = Grant & { token: string; expiresAt: number; hasRefresh: boolean };

type AuthCode = { grant: Grant; redirectUri: string; clientId: string; expiresAt: number; used: boolean };
type RefreshToken = { grant: Grant; expiresAt: number; used: boolean };

export const ACCESS_TOKEN_TTL_SEC = 86_399;
const CODE_TTL_MS = 10 * 60_000;
const REFRESH_TTL_MS = 365 * 86_400_000;

export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 422,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalidGrant = (message: string) => new OAuthError(400, { statusCode: 400, message });
const unauthorized = (message: string) =>
  new OAuthError(401, { statusCode: 401, message, error: 'Unauthorized' });

function token(prefix: string): string {
  return `${prefix}-${randomBytes(24).toString('base64url')}`;
}

export class OAuthStore {
  private codes = new Map<string, AuthCode>();
  private accessTokens = new Map<string, AccessToken>();
  private refreshTokens = new Map<string, RefreshToken>();
  refreshCount = 0;
  tokensIssued = 0;
  locationTokensIssued = 0;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly clock: () => number,
  ) {}

  issueCode(grant: Grant, redirectUri: string, clientId: string): string {
    const code = token('code');
    this.codes.set(code, {
      grant,
      redirectUri,
      clientId,
      expiresAt: this.clock() + CODE_TTL_MS,
      used: false,
    });
    return code;
  }

  /** `POST /oauth/token`. Throws OAuthError with the vendor's status and body. */
  exchange(form: URLSearchParams): TokenResponse {
    const missing = ['client_id', 'client_secret', 'grant_type'].filter((k) => !form.get(k));
    if (missing.length > 0) {
      throw new OAuthError(422, {
        statusCode: 422,
        message: missing.map((k) => `${k} should not be empty`),
        error: 'Unprocessable Entity',
      });
    }
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) {
      throw unauthorized('Invalid client: client_id or client_secret is wrong');
    }
    const grantType = form.get('grant_type');
    const userType = form.get('user_type');
    if (userType !== null && userType !== 'Location' && userType !== 'Company') {
      throw new OAuthError(422, {
        statusCode: 422,
        message: ['user_type must be one of the following values: Company, Location'],
        error: 'Unprocessable Entity',
      });
    }
    let grant: Grant;
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const entry = this.codes.get(code);
      if (!entry) throw invalidGrant('Invalid grant: authorization code is invalid');
      if (entry.used) throw invalidGrant('Invalid grant: authorization code was already used');
      if (entry.expiresAt <= this.clock())
        throw invalidGrant('Invalid grant: authorization code has expired');
      const redirectUri = form.get('redirect_uri');
      if (redirectUri !== null && redirectUri !== entry.redirectUri) {
        throw invalidGrant('Invalid grant: redirect_uri does not match the authorization request');
      }
      entry.used = true;
      grant = entry.grant;
    } else if (grantType === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const entry = this.refreshTokens.get(refresh);
      if (!entry) throw unauthorized('Invalid token: refresh token is invalid');
      if (entry.used) throw unauthorized('Invalid token: refresh token was already used');
      if (entry.expiresAt <= this.clock()) throw unauthorized('Invalid token: refresh token has expired');
      entry.used = true; // rotating: the old refresh token is dead from now on
      this.refreshCount++;
      grant = entry.grant;
    } else {
      throw new OAuthError(422, {
        statusCode: 422,
        message: ['grant_type must be one of the following values: authorization_code, refresh_token'],
        error: 'Unprocessable Entity',
      });
    }
    if (userType !== null && userType !== grant.userType) {
      throw invalidGrant(`Invalid grant: this installation is a ${grant.userType} installation`);
    }
    const access = this.mintAccess(grant, true);
    const refreshToken = token('refresh');
    this.refreshTokens.set(refreshToken, { grant, expiresAt: this.clock() + REFRESH_TTL_MS, used: false });
    this.tokensIssued++;
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SEC,
      refresh_token: refreshToken,
      scope: grant.scope,
      userType: grant.userType,
      companyId: grant.companyId,
      ...(grant.userType === 'Location'
        ? { locationId: grant.locationId }
        : { approvedLocations: grant.approvedLocations, isBulkInstallation: true }),
      userId: grant.userId,
      planId: grant.planId,
    };
  }

  /** `POST /oauth/locationToken`: a location token minted from a company token, without refresh token. */
  locationToken(company: AccessToken, locationId: string): LocationTokenResponse {
    const grant: Grant = {
      ...company,
      userType: 'Location',
      locationId,
      approvedLocations: [],
    };
    const access = this.mintAccess(grant, false);
    this.locationTokensIssued++;
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SEC,
      scope: grant.scope,
      locationId,
      planId: grant.planId,
      userId: grant.userId,
    };
  }

  private mintAccess(grant: Grant, hasRefresh: boolean): AccessToken {
    const access: AccessToken = {
      ...grant,
      token: token('access'),
      expiresAt: this.clock() + ACCESS_TOKEN_TTL_SEC * 1000,
      hasRefresh,
    };
    this.accessTokens.set(access.token, access);
    return access;
  }

  /** The live access token behind an `Authorization` header, or the 401 the vendor gives. */
  authenticate(header: string | undefined): AccessToken {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    if (!match) throw unauthorized('Invalid token: access token is missing');
    const access = this.accessTokens.get(match[1] as string);
    if (!access) throw unauthorized('Invalid token: access token is invalid');
    if (access.expiresAt <= this.clock()) throw unauthorized('Invalid token: access token has expired');
    return access;
  }

  /** Fault switch: every access token issued so far is expired (refresh tokens stay valid). */
  expireAll(): number {
    const now = this.clock();
    for (const t of this.accessTokens.values()) t.expiresAt = Math.min(t.expiresAt, now);
    return this.accessTokens.size;
  }
}
