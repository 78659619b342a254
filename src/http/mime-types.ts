/** Request formats and their MIME types, first type is the canonical one. */
export const formats: Readonly<Record<string, readonly string[]>> = {
  html: ['text/html', 'application/xhtml+xml'],
  txt: ['text/plain'],
  js: ['application/javascript', 'application/x-javascript', 'text/javascript'],
  css: ['text/css'],
  json: ['application/json', 'application/x-json'],
  jsonld: ['application/ld+json'],
  problem: ['application/problem+json'],
  xml: ['text/xml', 'application/xml', 'application/x-xml'],
  rdf: ['application/rdf+xml'],
  atom: ['application/atom+xml'],
  rss: ['application/rss+xml'],
  form: ['application/x-www-form-urlencoded', 'multipart/form-data'],
};

const formatByMime = new Map<string, string>();
for (const [format, types] of Object.entries(formats)) for (const type of types) if (!formatByMime.has(type)) formatByMime.set(type, format);

export function formatOf(mimeType: string): string | undefined {
  const bare = mimeType.split(';', 1)[0]!.trim().toLowerCase();
  return formatByMime.get(bare);
}

export function mimeTypeOf(format: string): string | undefined {
  return formats[format]?.[0];
}
