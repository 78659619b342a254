export interface AcceptItem {
  value: string;
  quality: number;
  index: number;
  params: Record<string, string>;
}

/**
 * Parses an Accept-style header (`text/html;q=0.9, *\/*;q=0.1`) into items sorted by
 * quality (highest first), ties kept in the order the client wrote them. Items with
 * q=0 are refusals and are left out.
 */
export function parseAcceptHeader(header: string | undefined): AcceptItem[] {
  if (header === undefined || header.trim() === '') return [];
  const items: AcceptItem[] = [];
  let index = 0;
  for (const part of header.split(',')) {
    const [rawValue, ...rawParams] = part.split(';');
    const value = rawValue!.trim();
    if (value === '') continue;
    const params: Record<string, string> = {};
    let quality = 1;
    for (const param of rawParams) {
      const eq = param.indexOf('=');
      if (eq === -1) continue;
      const key = param.slice(0, eq).trim().toLowerCase();
      const val = param.slice(eq + 1).trim().replace(/^"|"$/g, '');
      if (key === 'q') {
        const q = Number.parseFloat(val);
        quality = Number.isNaN(q) ? 0 : Math.min(1, Math.max(0, q));
      } else params[key] = val;
    }
    if (quality > 0) items.push({ value, quality, index: index++, params });
  }
  return items.sort((a, b) => b.quality - a.quality || a.index - b.index);
}
