/**
 * A text table in the reference console's style:
 *
 *  ------ --------
 *   Name   Path
 *  ------ --------
 *   home   /
 *  ------ --------
 */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const rule = ` ${widths.map((width) => '-'.repeat(width + 2)).join(' ')}\n`;
  const line = (cells: readonly string[]): string => ` ${widths.map((width, i) => ` ${(cells[i] ?? '').padEnd(width)} `).join(' ').trimEnd()}\n`;
  return `${rule}${line(headers)}${rule}${rows.map(line).join('')}${rule}`;
}

/** A section title underlined with `=`, as the reference console prints one. */
export function title(text: string): string {
  return `\n${text}\n${'='.repeat(text.length)}\n\n`;
}
