/** The plain-HTML consent page HighLevel shows at `/oauth/chooselocation`. */
import type { Location } from './seed.js';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export type ConsentParams = {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
};

export function renderConsentPage(
  action: string,
  params: ConsentParams,
  company: { id: string; name: string },
  locations: Location[],
): string {
  const hidden = [
    ['response_type', 'code'],
    ['client_id', params.clientId],
    ['redirect_uri', params.redirectUri],
    ['scope', params.scope],
    ...(params.state === null ? [] : [['state', params.state]]),
  ]
    .map(([n, v]) => `<input type="hidden" name="${n}" value="${escape(v as string)}">`)
    .join('\n      ');
  const choices = [
    `<li><label><input type="radio" name="choice" value="company:${escape(company.id)}" checked> ` +
      `Agency: ${escape(company.name)} (Company install, all ${locations.length} locations)</label></li>`,
    ...locations.map(
      (l) =>
        `<li><label><input type="radio" name="choice" value="location:${escape(l.id)}"> ` +
        `${escape(l.name)}, ${escape(l.city)}, ${escape(l.state)} (Location install)</label></li>`,
    ),
  ].join('\n        ');
  const scopes = params.scope
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => `<li><code>${escape(s)}</code></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>HighLevel Sandbox - Choose account</title></head>
  <body>
    <main>
      <h1>Choose an account</h1>
      <p>The app is asking for access to your HighLevel account (HighLevel Sandbox).</p>
      <form method="post" action="${escape(action)}">
      ${hidden}
      <fieldset>
        <legend>Install on</legend>
        <ul>
        ${choices}
        </ul>
      </fieldset>
      <p>Permissions asked:</p>
      <ul>${scopes}</ul>
      <button type="submit">Approve</button>
      </form>
    </main>
  </body>
</html>
`;
}

export function renderErrorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>HighLevel Sandbox - Error</title></head><body><h1>Something went wrong</h1><p>${escape(message)}</p></body></html>\n`;
}
