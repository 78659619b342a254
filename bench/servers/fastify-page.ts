/**
 * The app's event page (`/{_locale}/events/{id}`) written the way a Fastify user would:
 * `@fastify/view` over Eta (templates compiled to functions once, a layout with blocks, as
 * Twig's inheritance), `@fastify/cookie` and `@fastify/session`, better-sqlite3 with its
 * statement prepared once. Same row (the prod app's database), same translations, dates,
 * URLs, markup and headers (cache validators, security headers, request id): the HTML
 * is byte for byte the app's (bench/page-peer.test.ts checks it).
 */
import { createHash, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Eta } from 'eta';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fastifyView from '@fastify/view';
import { announce } from './announce.ts';

const appDir = fileURLToPath(new URL('../../app/', import.meta.url));
const databaseFile = process.env.PAGE_DATABASE ?? `${appDir}var/data_prod.db`;
const translations = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`${appDir}src/app-bundle/Resources/translations/messages.${locale}.json`, 'utf8')) as Record<string, string>;
const messages: Record<string, Record<string, string>> = { en: translations('en'), fr: translations('fr') };
const otherLocale: Record<string, string> = { en: 'fr', fr: 'en' };

/** The app creates and seeds its database on first start; the peer reads the same row. */
if (!existsSync(databaseFile)) {
  const setup = spawnSync(process.execPath, [fileURLToPath(new URL('../../app/bin/console.js', import.meta.url)), 'app:setup'], { env: { ...process.env, APP_ENV: 'prod' }, stdio: 'ignore' });
  if (setup.status !== 0) throw new Error(`No database at ${databaseFile}, and app:setup failed; start the app once in prod.`);
}
const db = new Database(databaseFile, { readonly: true });
const findEvent = db.prepare('SELECT id, title, venue, starts_at, description, image, updated_at FROM app_event WHERE id = ?');

interface EventRow { id: number; title: string; venue: string; starts_at: string; description: string | null; image: string | null; updated_at: string }

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pad = (n: number): string => String(n).padStart(2, '0');

/** What the templates call on `it` (Twig's functions and filters); `this` is the template's data. */
const helpers = {
  t(this: { locale: string }, key: string, params?: Record<string, string>): string {
    const text = messages[this.locale]?.[key] ?? key;
    return params === undefined ? text : text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
  },
  homePath: (locale: string): string => `/${locale}`,
  eventPath: (locale: string, id: number): string => `/${locale}/events/${id}`,
  picturePath: (name: string): string => `/bundles/app/images/events/${name}`,
  /** Twig's `date('c')`: ISO 8601 in the process's time zone, with its offset. */
  isoDate(date: Date): string {
    const offset = -date.getTimezoneOffset();
    const sign = offset >= 0 ? '+' : '-';
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  },
  /** `format_datetime('full', 'short')` with one formatter per locale. */
  formatDatetime(this: { locale: string }, date: Date): string {
    let format = dateFormats.get(this.locale);
    if (format === undefined) dateFormats.set(this.locale, (format = new Intl.DateTimeFormat(this.locale, { dateStyle: 'full', timeStyle: 'short' })));
    return format.format(date);
  },
};

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'x-frame-options': 'DENY',
  vary: 'Accept-Encoding',
};

const app = Fastify({ logger: false });
await app.register(fastifyCookie);
// Unread sessions are not saved and set no cookie, as in the app.
await app.register(fastifySession, { secret: 'a bench secret of at least thirty-two characters', saveUninitialized: false, cookie: { secure: false } });
await app.register(fastifyView, {
  engine: { eta: new Eta({ autoTrim: false }) },
  root: fileURLToPath(new URL('./fastify-page/', import.meta.url)),
  production: true,
  defaultContext: helpers,
});

app.get<{ Params: { locale: string; id: string } }>('/:locale/events/:id', {
  schema: { params: { type: 'object', properties: { locale: { type: 'string', enum: ['en', 'fr'] }, id: { type: 'string', pattern: '^\\d+$' } } } },
}, async (request, reply) => {
  const { locale, id } = request.params;
  const row = findEvent.get(Number(id)) as EventRow | undefined;
  if (row === undefined) return reply.code(404).type('text/plain').send('Not Found');
  const updatedAt = new Date(row.updated_at);
  const etag = `"${createHash('sha256').update(`${row.id}|${updatedAt.toISOString()}|${locale}`).digest('hex')}"`;
  reply.headers(securityHeaders).header('x-request-id', randomUUID()).header('last-modified', updatedAt.toUTCString()).header('etag', etag).header('cache-control', 'max-age=0, must-revalidate, public');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const event = { id: row.id, title: row.title, venue: row.venue, startsAt: new Date(row.starts_at), description: row.description ?? '', image: row.image };
  return reply.type('text/html; charset=UTF-8').view('show.eta', { event, locale, otherLocale: otherLocale[locale] });
});

await app.listen({ port: 0, host: '127.0.0.1' });
announce(app.server.address());
