/**
 * Owns the words of the account e-mails (password reset, invitation): subject, text and HTML in the
 * language of the request that sends them (`Accept-Language`), from `i18n/messages.fr.ts` like every
 * server message. Values put into the HTML are escaped; links are ours.
 */
import type { Role } from '@call-insights/contracts/users';
import { msg } from '../../errors.js';
import { translate, type Language } from '../../i18n/translate.js';

export type MailContent = { subject: string; text: string; html: string };

type Params = Record<string, string | number>;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function escapedParams(params: Params): Params {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? escapeHtml(v) : v]),
  );
}

/**
 * A mail of paragraphs, each one or more sentences (English keys with `{name}` placeholders); a
 * paragraph of `link` is the link itself. `htmlParams` replace `params` in the HTML (already HTML).
 */
function compose(
  lang: Language,
  subject: string,
  paragraphs: readonly (readonly string[] | 'link')[],
  params: Params & { link: string },
  htmlParams: Params = {},
): MailContent {
  const html = { ...escapedParams(params), ...htmlParams };
  const say = (sentences: readonly string[], values: Params, sep: string) =>
    sentences.map((s) => translate(lang, s, values)).join(sep);
  return {
    subject: translate(lang, subject, params),
    text: `${paragraphs.map((p) => (p === 'link' ? params.link : say(p, params, '\n'))).join('\n\n')}\n`,
    html: paragraphs
      .map((p) =>
        p === 'link' ? `<p><a href="${html.link}">${html.link}</a></p>` : `<p>${say(p, html, ' ')}</p>`,
      )
      .join(''),
  };
}

/** The password-reset mail: the link works for one hour. */
export function passwordResetMail(lang: Language, input: { firstName: string; link: string }): MailContent {
  return compose(
    lang,
    msg('Reset your Call Insights password'),
    [
      [msg('Hello {name},')],
      [
        msg('Someone asked to reset the password of your Call Insights account.'),
        msg('Open this link within one hour to choose a new password:'),
      ],
      'link',
      [msg('If it was not you, ignore this e-mail; your password stays the same.')],
    ],
    { name: input.firstName, link: input.link },
  );
}

/** The role an invitation gives, as the invitation's sentence says it (French elides "que"). */
const AS_ROLE: Record<Role, string> = {
  admin: msg('as an administrator'),
  manager: msg('as a manager'),
  user: msg('as a user'),
};

/** The invitation mail: the link works for `days` days. */
export function invitationMail(
  lang: Language,
  input: { inviter: string | null; organization: string; role: Role; days: number; link: string },
): MailContent {
  const params = {
    inviter: input.inviter ?? translate(lang, msg('An administrator')),
    organization: input.organization,
    asRole: translate(lang, AS_ROLE[input.role]),
    days: input.days,
    link: input.link,
  };
  return compose(
    lang,
    msg('You are invited to join {organization} on Call Insights'),
    [
      [msg('Hello,')],
      [
        msg('{inviter} invited you to join {organization} on Call Insights {asRole}.'),
        msg('Open this link within {days} days to choose your name and password:'),
      ],
      'link',
      [msg('If you did not expect this invitation, ignore this e-mail.')],
    ],
    params,
    { organization: `<b>${escapeHtml(input.organization)}</b>` },
  );
}
