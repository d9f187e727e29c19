import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlOf } from './config.js';
import { createHarness, type Harness } from './test-support/app-harness.js';

describe('configuration', () => {
  it('stops with a list of every bad value', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ROLE: 'boss',
        ENCRYPTION_KEY: 'abc',
        URL_IMPORT_ALLOW_PRIVATE: 'localhost',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems).toMatch(/ROLE/);
    expect(problems).toMatch(/ENCRYPTION_KEY: must be 64 hex/);
    expect(problems).toMatch(/URL_IMPORT_ALLOW_PRIVATE: must be ip:port/);

    // Settings that need others: checked once each value is well-formed.
    expect(() => loadConfig({ STORAGE: 's3', TRANSCRIBER: 'openai' })).toThrow(
      /S3_BUCKET: is required when STORAGE=s3[\s\S]*TRANSCRIBER_BASE_URL: is required when TRANSCRIBER=openai/,
    );
  });

  it('defaults to the embedded setup', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, ROLE: 'all', JWT_TTL_SECONDS: 86400 });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(path.isAbsolute(c.DATA_DIR)).toBe(true);
    expect(publicUrlOf(loadConfig({ PORT: '4000' }))).toBe('http://localhost:4000');
    expect(publicUrlOf(loadConfig({ PUBLIC_URL: 'https://calls.example.com/' }))).toBe(
      'https://calls.example.com',
    );
  });
});

describe('HTTP shell: SPA, security headers, CORS, rate limits', () => {
  let h: Harness;
  const inlineScript =
    "document.documentElement.classList.toggle('dark', localStorage.getItem('darkMode') === 'true')";
  beforeAll(async () => {
    const web = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'ci-web-'));
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
    );
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log("app")');
    h = await createHarness('pglite', {
      WEB_DIST_DIR: web,
      AUTH_RATE_LIMIT_MAX: '3',
      SIGNUP_RATE_LIMIT_PER_HOUR: '2',
      CORS_ORIGINS: 'https://app.example.com',
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('serves the SPA for client routes and static assets, JSON 404 under /api', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/main/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    // Uptime monitors and link checkers probe with HEAD: the page exists, with no body.
    const head = await h.app.inject({ method: 'HEAD', url: '/signin' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    const asset = await h.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    const api = await h.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('answers errors in the language the request asks for', async () => {
    const fr = await h.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
    });
    expect(fr.statusCode).toBe(404);
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.json().error.message).toBe('Il n’y a pas de GET /api/does-not-exist ici.');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Le corps de la requête n’est pas du JSON valide.');
    const en = await h.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(en.json().error.message).toBe('There is no GET /api/does-not-exist here.');
  });

  it('sends a CSP that allows exactly the inline theme script, plus the usual hardening headers', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/signin' });
    const csp = String(page.headers['content-security-policy']);
    const crypto = await import('node:crypto');
    const hash = crypto.createHash('sha256').update(inlineScript).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-request-id']).toBeTruthy();
  });

  it('keeps CORS closed except for configured origins', async () => {
    const foreign = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://app.example.com' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
  });

  it('rate-limits sign-in attempts with a 429 error body', async () => {
    const attempt = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'brute@example.com', password: 'guess-guess' },
        remoteAddress: '203.0.113.7',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // Other clients are not affected.
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'brute@example.com', password: 'guess-guess' },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(401);
  });

  it('limits sign-ups per address per hour, and says how long to wait', async () => {
    const signUp = (n: number, remoteAddress = '198.51.100.20') =>
      h.app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress,
        payload: {
          firstName: 'Sam',
          lastName: 'Spam',
          userName: `sam_spam_${n}`,
          email: `sam.spam.${n}@example.com`,
          organization: `Spam ${n}`,
          password: 'a long enough password',
          confirmPassword: 'a long enough password',
        },
      });
    expect((await signUp(1)).statusCode).toBe(201);
    expect((await signUp(2)).statusCode).toBe(201);
    const limited = await signUp(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many attempts\. Please wait (59|60) minutes and try again\.$/,
    );
    expect((await signUp(4, '198.51.100.21')).statusCode).toBe(201);
  });

  it('serves the OpenAPI document and its browser', async () => {
    const doc = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/users', '/api/users/login', '/api/users/resetpassword', '/api/health']),
    );
    const ui = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
