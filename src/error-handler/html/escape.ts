const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Escapes text for HTML content and double-quoted attributes (`"` becomes `&quot;`, as the
 * reference's ENT_COMPAT does; single quotes are left, no attribute here uses them).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => entities[c]!);
}

/**
 * Escapes text for element content only, quotes kept: the Logs tab's JSON stays readable
 * in the page source (`{"exception": {}}`), as tools that read the source expect it.
 */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => entities[c]!);
}
