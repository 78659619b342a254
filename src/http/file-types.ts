import { extname } from 'node:path';

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html', '.htm': 'text/html', '.txt': 'text/plain', '.css': 'text/css', '.csv': 'text/csv',
  '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json', '.map': 'application/json',
  '.xml': 'application/xml', '.pdf': 'application/pdf', '.zip': 'application/zip', '.wasm': 'application/wasm',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.gif': 'image/gif', '.webp': 'image/webp',
  '.avif': 'image/avif', '.svg': 'image/svg+xml', '.ico': 'image/vnd.microsoft.icon',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf',
  '.mp4': 'video/mp4', '.webm': 'video/webm', '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg',
};

/** The MIME type for a file name, by extension (case-insensitive: `.JPG` is a JPEG). */
export function fileContentType(path: string): string {
  return types[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
