import type { Mail } from '../../platform/mail/transport';

/** What a notification or summary e-mail says; the template makes its HTML and plain text. */
export type EmailContent = {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs; in HTML a list when `asList`. */
  lines: string[];
  asList?: boolean;
  action: { label: string; url: string };
  /** Why this e-mail came, and how to stop it. */
  why: string;
  /** The page that turns this kind off (a button, for people). */
  unsubscribePage: string;
  /** The one-click address mail programs POST to (RFC 8058). */
  oneClickUrl: string;
  settingsUrl: string;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * One layout for every e-mail Tripmates sends on its own (issue #24): a plain-text part any mail
 * program shows, an HTML part with the same words, and the List-Unsubscribe headers that give
 * mail programs their one-click "unsubscribe" (RFC 2369, RFC 8058).
 */
export function renderEmail(content: EmailContent): Mail {
  const text = [
    content.greeting,
    '',
    ...(content.asList ? content.lines.map((line) => `- ${line}`) : content.lines),
    '',
    `${content.action.label}: ${content.action.url}`,
    '',
    '--',
    content.why,
    `Stop these e-mails: ${content.unsubscribePage}`,
    `All your notification settings: ${content.settingsUrl}`,
  ].join('\n');
  const body = content.asList
    ? `<ul>${content.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
    : content.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    body,
    `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:8px 16px;border-radius:6px;background:#0f766e;color:#fff;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`,
    '<hr style="border:none;border-top:1px solid #e5e7eb">',
    `<p style="font-size:12px;color:#6b7280">${escapeHtml(content.why)} `,
    `<a href="${escapeHtml(content.unsubscribePage)}">Stop these e-mails</a> · `,
    `<a href="${escapeHtml(content.settingsUrl)}">Notification settings</a></p>`,
    '</body></html>',
  ].join('');
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${content.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
