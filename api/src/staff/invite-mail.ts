import { ROLE_DESCRIPTIONS, type StaffRole } from '@digitic/shop-rules';
import { escapeHtml } from '../mail/escape-html.js';
import type { StaffDeps } from './accounts.js';

/**
 * The invitation e-mailed to the person invited: the link, the role in words, who invited them and until when.
 * Answers whether the mailer took it; the link is shown to the owner either way (to copy to them).
 */
export async function mailInvite(
  deps: Pick<StaffDeps, 'mailer' | 'shop' | 'log'>,
  invite: { to: string; name: string; role: StaffRole; inviter: string | null; link: string; expiresAt: Date },
): Promise<boolean> {
  if (!deps.mailer) return false;
  const { to, name, role, inviter, link, expiresAt } = invite;
  const shopName = (await deps.shop()).name;
  const by = inviter ? `${inviter} has invited you` : 'You are invited';
  const until = expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  const lines = [
    name ? `Hello ${name},` : 'Hello,',
    '',
    `${by} to the back office of ${shopName} as ${role} (${ROLE_DESCRIPTIONS[role].toLowerCase()}).`,
    '',
    'Open this link to choose your password and set up the authenticator app on your phone:',
    link,
    '',
    `The link works once, until ${until} UTC. If you did not expect it, ignore this e-mail: nothing happens without it.`,
  ];
  try {
    await deps.mailer.send({
      to,
      subject: `Your invitation to the back office of ${shopName}`,
      text: lines.join('\n'),
      html: lines
        .filter(Boolean)
        .map((l) => (l === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(l)}</p>`))
        .join('\n'),
    });
    return true;
  } catch (err) {
    deps.log?.(`the invitation to ${to} was not e-mailed`, err);
    return false;
  }
}
