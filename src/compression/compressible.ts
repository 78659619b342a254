import { BoundedCache } from '../support/bounded-cache.ts';

/** Responses carry a handful of distinct Content-Type values, mostly the same string objects: each is classified once. */
const known = new BoundedCache<string, boolean>(256);
/** The type asked about last and its answer: the empty type is not compressible. */
let lastType = '';
let lastAnswer = false;

/** Media types worth compressing: text and the text-based formats; images, video and archives are compressed already. */
export function isCompressible(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  // the type asked about last, often the same string object again (a JSON response's literal)
  if (contentType === lastType) return lastAnswer;
  const answer = known.get(contentType) ?? known.remember(contentType, classify(contentType));
  lastType = contentType;
  lastAnswer = answer;
  return answer;
}

function classify(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  if (type.startsWith('text/')) return true;
  if (type.endsWith('+json') || type.endsWith('+xml')) return true;
  return ['application/json', 'application/javascript', 'application/xml', 'application/x-javascript', 'image/svg+xml', 'application/wasm', 'application/manifest+json'].includes(type);
}
