/**
 * The line of a twig.js error. twig.js reports no line numbers, only a message; this finds
 * the spot from what the message names: a position, a tag, a function, a filter or a
 * template name. It is a best guess (the first occurrence), or undefined when unsure.
 */
export function lineOfTwigError(message: string, source: string): number | undefined {
  const position = /template position (\d+)/.exec(message);
  if (position !== null) return lineAt(source, Number(position[1]));
  const patterns: RegExp[] = [];
  let match: RegExpExecArray | null;
  if ((match = /^Unable to parse '(.+)'$/.exec(message)) !== null) patterns.push(new RegExp(`\\{%-?\\s*${escape(match[1]!)}`));
  if ((match = /^(\w+) function does not exist/.exec(message)) !== null) patterns.push(new RegExp(`\\b${escape(match[1]!)}\\s*\\(`));
  if ((match = /^Unable to find filter (\w+)/.exec(message)) !== null) patterns.push(new RegExp(`\\|\\s*${escape(match[1]!)}\\b`));
  if ((match = /^Unable to find an end tag for Twig\.logic\.type\.(\w+)/.exec(message)) !== null) patterns.push(new RegExp(`\\{%-?\\s*${escape(match[1]!)}\\b`, 'g'));
  if ((match = /^Unable to find template "([^"]+)"/.exec(message)) !== null) patterns.push(new RegExp(`["']${escape(match[1]!)}["']`));
  for (const pattern of patterns) {
    // An unclosed tag is most likely the last one opened.
    const hits = pattern.global ? [...source.matchAll(pattern)] : [pattern.exec(source)].filter((hit) => hit !== null);
    const hit = hits.at(-1);
    if (hit !== undefined) return lineAt(source, hit.index);
  }
  return undefined;
}

function lineAt(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
