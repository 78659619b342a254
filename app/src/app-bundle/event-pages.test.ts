import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Event } from './entity/event.ts';
import type { EventRepository } from './entity/event-repository.ts';
import { setUpSchema } from './entity/event-schema.ts';
import { testApp, type TestApp } from '../test-support/app-test-kernel.ts';
import { createClient, createTestSchema, postgresSkipReason, type KernelBrowser } from 'sluice/testing';

describe('The events pages', () => {
  let app: TestApp;
  let browser: KernelBrowser;
  let events: EventRepository;

  before(() => {
    app = testApp();
    browser = createClient(app.kernel);
    events = app.kernel.container.get('entity_manager').getRepository(Event) as EventRepository;
  });

  after(async () => {
    await app.close();
  });

  it('seeds a new database with three events, each with one of the bundle\'s images', async () => {
    const all = await events.all();
    assert.deepEqual(all.map((event) => [event.id, event.title, event.image]), [
      [1, 'Opening night', 'opening.JPG'],
      [2, 'Jazz night', 'jazz-night.JPG'],
      [3, 'Photography workshop', 'workshop.JPG'],
    ]);
  });

  it('lists the upcoming events on the home page with their images, soonest first, and not the past ones', async () => {
    const past = new Event({ title: 'Last year\'s fair', venue: 'Park', startsAt: new Date(Date.now() - 86_400_000), description: '', image: null });
    await events.insert(past);
    const response = await browser.get('/');
    assert.equal(response.status, 200);
    const html = response.text();
    assert.deepEqual(response.texts('h2'), ['Opening night', 'Jazz night', 'Photography workshop']);
    assert.ok(html.includes('<img class="event-image" src="/bundles/app/images/events/opening.JPG" alt="Picture of Opening night">'));
    assert.ok(html.includes('<a href="/en/events/2">'));
  });

  it('shows an event with English labels, its image and a link to the French page', async () => {
    const response = await browser.get('/en/events/1');
    assert.equal(response.status, 200);
    const html = response.text();
    assert.match(html, /<h1>Opening night<\/h1>/);
    assert.match(html, /<dt class="when-label">When<\/dt>/);
    assert.match(html, /<dt class="where-label">Where<\/dt>\s*<dd class="where">Main hall<\/dd>/);
    assert.ok(html.includes('src="/bundles/app/images/events/opening.JPG"'));
    assert.match(html, /<a href="\/fr\/events\/1" class="locale-switch" hreflang="fr" lang="fr" title="Lire en français">Français<\/a>/);
  });

  it('shows the French labels and date at /fr/events/1, with a link back to English', async () => {
    const html = (await browser.get('/fr/events/1')).text();
    assert.match(html, /<html lang="fr">/);
    assert.match(html, /<dt class="when-label">Quand<\/dt>/);
    assert.match(html, /<dt class="where-label">Où<\/dt>/);
    assert.match(html, /<h2 class="about-label">À propos<\/h2>/);
    assert.match(html, /<a href="\/fr" class="back">Tous les événements<\/a>/);
    assert.match(html, /<a href="\/en\/events\/1" class="locale-switch"[^>]*>English<\/a>/);
    const event = (await events.find(1))!;
    const day = new Intl.DateTimeFormat('fr', { dateStyle: 'full', timeStyle: 'short' }).format(event.startsAt);
    assert.ok(html.includes(`>${day}</time>`), `the date in French: ${day}`);
  });

  it('sends ETag and Last-Modified from the event\'s update time, and lets caches keep it while revalidating', async () => {
    const event = (await events.find(2))!;
    const response = await browser.get('/en/events/2');
    assert.equal(response.headers.get('Last-Modified'), event.updatedAt.toUTCString());
    assert.match(response.header('ETag') ?? '', /^"[0-9a-f]{64}"$/);
    assert.equal(response.headers.cacheControlValue(), 'max-age=0, must-revalidate, public');
    assert.notEqual((await browser.get('/fr/events/2')).header('ETag'), response.header('ETag'), 'each language has its own tag');
  });

  it('answers a revalidation of an unchanged event with a 304, without running the controller', async () => {
    const first = await browser.get('/en/events/2');
    app.logs.records.length = 0;
    const conditions: Record<string, string>[] = [{ 'If-None-Match': first.header('ETag')! }, { 'If-Modified-Since': first.headers.get('Last-Modified')! }];
    for (const headers of conditions) {
      const response = await browser.get('/en/events/2', { headers });
      assert.deepEqual([response.status, response.text()], [304, '']);
    }
    // HttpCacheListener put a controller answering 304 in place of showAction, whose result
    // would have gone through kernel.view to be rendered.
    const lines = app.lines();
    assert.equal(lines.filter((line) => line === 'event.DEBUG: Listener "HttpCacheListener::onKernelController" stopped propagation of the event "kernel.controller".').length, 2);
    assert.equal(lines.filter((line) => line === 'event.DEBUG: Listener "TemplateListener::onKernelController" was not called for event "kernel.controller".').length, 2);
    assert.ok(!lines.some((line) => line.includes('"kernel.view"')), 'nothing was rendered');
  });

  it('sends the page again once the event has changed', async () => {
    const first = await browser.get('/en/events/3');
    const event = (await events.find(3))!;
    event.change({ venue: 'Studio 3' }, new Date(event.updatedAt.getTime() + 5000));
    await events.update(event);
    const response = await browser.get('/en/events/3', { headers: { 'If-None-Match': first.header('ETag')!, 'If-Modified-Since': first.headers.get('Last-Modified')! } });
    assert.equal(response.status, 200);
    assert.match(response.text(), /<dd class="where">Studio 3<\/dd>/);
    assert.notEqual(response.header('ETag'), first.header('ETag'));
  });

  it('answers 404 for an unknown event, naming the parameter converter', async () => {
    app.logs.records.length = 0;
    const response = await browser.get('/en/events/999');
    assert.equal(response.status, 404);
    assert.ok(app.lines().some((line) => line.startsWith('request.ERROR: Uncaught Exception NotFoundHttpException: "Event object not found by the @ParamConverter annotation." at ')));
  });

  it('has no event page in a language the site does not offer', async () => {
    assert.equal((await browser.get('/de/events/1')).status, 404);
  });

  it('shows the home page in French at /fr', async () => {
    const html = (await browser.get('/fr')).text();
    assert.match(html, /<h1>Événements à venir<\/h1>/);
    assert.ok(html.includes('<a href="/fr/events/1">'));
  });
});

const postgresSkip = await postgresSkipReason();

describe('The events pages on PostgreSQL (DATABASE_URL)', { skip: postgresSkip ?? false }, () => {
  let app: TestApp | undefined;
  let drop: (() => Promise<void>) | undefined;

  after(async () => {
    await app?.close();
    await drop?.();
  });

  it('serve the events once app:setup has created the table, with the same validators and 404s', async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    app = testApp('test', { database: schema.url });
    await setUpSchema(app.kernel.container.get('entity_manager'));
    const browser = createClient(app.kernel);
    assert.match((await browser.get('/')).text(), /<h2>Opening night<\/h2>/);
    const page = await browser.get('/fr/events/2');
    assert.equal(page.status, 200);
    assert.match(page.text(), /<h1>Jazz night<\/h1>/);
    assert.equal((await browser.get('/fr/events/2', { headers: { 'If-None-Match': page.header('ETag')! } })).status, 304);
    assert.equal((await browser.get('/fr/events/99')).status, 404);
  });
});
