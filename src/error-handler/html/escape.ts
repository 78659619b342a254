const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const htmlSpecial = /[&<>"]/g;
const textSpecial = /[&<>]/g;

/**
 * Escapes text for HTML content and double-quoted attributes (`"` becomes `&quot;`, as the
 * reference's ENT_COMPAT does; single quotes are left, no attribute here uses them).
 */
export function escapeHtml(text: string): string {
  return replaceEach(text, htmlSpecial);
}

/**
 * Escapes text for element content only, quotes kept: the Logs tab's JSON stays readable
 * in the page source (`{"exception": {}}`), as tools that read the source expect it.
 */
export function escapeText(text: string): string {
  return replaceEach(text, textSpecial);
}

/**
 * Each character `special` finds replaced by its entity. Written out rather than a
 * `replace` with a callback: a debug page escapes some five hundred strings (source
 * lines full of `<` and `"` among them), and a call back for each character found cost
 * more than the escaping itself; text without any is returned as it is.
 */
function replaceEach(text: string, special: RegExp): string {
  special.lastIndex = 0;
  let found = special.exec(text);
  if (found === null) return text;
  let escaped = '';
  let from = 0;
  while (found !== null) {
    escaped += text.slice(from, found.index) + entities[found[0]]!;
    from = found.index + 1;
    found = special.exec(text);
  }
  return escaped + text.slice(from);
}
