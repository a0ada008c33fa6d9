/** The password reset email, in plain text and in HTML that says the same (texts: shared/messages.ts). */
import { authMessages } from '#shared/messages';
import type { OutgoingEmail } from '../email';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function resetEmail(to: string, link: string): OutgoingEmail {
  const text = authMessages.resetEmailText(link);
  const paragraphs = text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .map((line) => (line === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(line)))
        .join('<br>'),
    )
    .map((block) => `<p>${block}</p>`)
    .join('\n');
  return { to, subject: authMessages.resetEmailSubject, text, html: `<!doctype html>\n<html><body>\n${paragraphs}\n</body></html>` };
}
