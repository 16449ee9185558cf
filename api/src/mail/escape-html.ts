/** Text made safe to put in an e-mail's HTML: a customer's name or address is theirs to choose. */
export function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
