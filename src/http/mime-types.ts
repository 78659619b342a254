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

/**
 * The last Content-Type asked about and its format: the requests an application receives
 * repeat one or two, and cutting off the parameters and lowercasing cost more than
 * comparing with the last.
 */
let lastMimeType = '';
let lastFormat: string | undefined;

export function formatOf(mimeType: string): string | undefined {
  if (mimeType === lastMimeType) return lastFormat;
  const bare = mimeType.split(';', 1)[0]!.trim().toLowerCase();
  const format = formatByMime.get(bare);
  lastMimeType = mimeType;
  lastFormat = format;
  return format;
}

export function mimeTypeOf(format: string): string | undefined {
  return formats[format]?.[0];
}
