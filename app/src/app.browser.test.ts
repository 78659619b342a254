import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serveKernel, type RunningServer } from 'sluice/server';
import { projectDir } from './create-kernel.ts';
import { testApp, type TestApp } from './test-support/app-test-kernel.ts';
import { CHROMIUM_PATH, launchChromium } from 'sluice/testing/browser';

// Real Chromium, installed by the system (never downloaded); one launch for the whole file.
// Screenshots go to a directory of this run (SLUICE_TEST_ARTIFACTS to keep them somewhere).
const artifacts = process.env.SLUICE_TEST_ARTIFACTS ?? mkdtempSync(join(tmpdir(), 'sluice-screenshots-'));
const skip = existsSync(CHROMIUM_PATH) ? false : `Chromium is not installed at ${CHROMIUM_PATH} (set CHROMIUM_PATH): browser tests skipped.`;
const bundleImages = join(projectDir, 'src', 'app-bundle', 'Resources', 'public', 'images', 'events');
const title = `Browser test night ${process.pid}`;
const uploadPrefix = `browser-test-night-${process.pid}-`;

/** Whether every image of the page loaded with pixels (a broken image has naturalWidth 0). */
async function imagesLoaded(page: Page, selector: string): Promise<number[]> {
  // Run in the page (this project's types have no DOM): wait until every image finished loading, or failed to.
  await page.waitForFunction(`[...document.querySelectorAll(${JSON.stringify(selector)})].every((img) => img.complete)`);
  return page.locator(selector).evaluateAll((images) => images.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth));
}

describe('The events site in Chromium', { skip }, () => {
  let app: TestApp;
  let running: RunningServer;
  let browser: Browser;
  let page: Page;
  let base: string;

  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    // The server walks public/ every 2 s; an upload waits for that walk (see AppSettings).
    app = testApp('dev', { adminPassword: 'browser-pass' });
    running = await serveKernel(app.kernel, { port: 0 });
    base = running.url;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    await running?.stop();
    await app?.close();
  });

  it('shows the upcoming events with their pictures on the home page', async () => {
    assert.equal((await page.goto(`${base}/`))!.status(), 200);
    assert.deepEqual(await page.locator('.event-card h2').allInnerTexts(), ['Opening night', 'Jazz night', 'Photography workshop']);
    const widths = await imagesLoaded(page, 'img.event-image');
    assert.equal(widths.length, 3);
    assert.ok(widths.every((width) => width > 0), `every picture loaded: ${widths.join(', ')}`);
    await page.screenshot({ path: join(artifacts, 'app-1-home.png'), fullPage: true });
  });

  it('opens an event\'s page, with its picture and English labels', async () => {
    await page.locator('.event-card', { hasText: 'Opening night' }).locator('a').click();
    await page.waitForURL(`${base}/en/events/1`);
    assert.equal(await page.locator('h1').innerText(), 'Opening night');
    assert.deepEqual(await imagesLoaded(page, 'article img.event-image').then((widths) => widths.map((width) => width > 0)), [true]);
    assert.deepEqual([await page.locator('dt.when-label').innerText(), await page.locator('dt.where-label').innerText()], ['When', 'Where']);
    await page.screenshot({ path: join(artifacts, 'app-2-event-en.png'), fullPage: true });
  });

  it('switches the event\'s page to French', async () => {
    await page.locator('a.locale-switch').click();
    await page.waitForURL(`${base}/fr/events/1`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
    assert.deepEqual([await page.locator('dt.when-label').innerText(), await page.locator('dt.where-label').innerText(), await page.locator('a.back').innerText()], ['Quand', 'Où', 'Tous les événements']);
    assert.equal(await page.locator('a.locale-switch').innerText(), 'English');
    assert.ok((await imagesLoaded(page, 'article img.event-image'))[0]! > 0);
    await page.screenshot({ path: join(artifacts, 'app-3-event-fr.png'), fullPage: true });
  });

  it('shows the 404 debug page of a missing image, whose Logs tab lists 23 entries', async () => {
    const missing = `${base}/bundles/app/images/events/missing-${process.pid}.JPG`;
    const response = await page.goto(missing, { referer: missing });
    assert.equal(response!.status(), 404);
    await page.locator('.tab-navigation a[href="#tab-logs"]').click();
    const rows = page.locator('#tab-logs table.logs tbody tr');
    await rows.first().waitFor({ state: 'visible' });
    assert.equal(await rows.count(), 23);
    assert.match(await rows.nth(7).innerText(), /ERROR[\s\S]*request[\s\S]*No route found for "GET \/bundles\/app\/images\/events\/missing-\d+\.JPG" \(from "http:\/\/127\.0\.0\.1:\d+\/bundles\/app\/images\/events\/missing-\d+\.JPG"\)/);
    assert.match(await rows.last().innerText(), /Notified event "kernel\.controller_arguments" to listener "IsGrantedListener::onKernelControllerArguments"\./);
    await page.screenshot({ path: join(artifacts, 'app-4-missing-image-logs.png'), fullPage: true });
  });

  it('asks for a login before the admin area, and lets the admin in', async () => {
    await page.goto(`${base}/admin/events`);
    await page.waitForURL(`${base}/login`);
    await page.locator('input[name="_username"]').fill('admin');
    await page.locator('input[name="_password"]').fill('browser-pass');
    await page.screenshot({ path: join(artifacts, 'app-5-login.png'), fullPage: true });
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/admin/events`);
    assert.equal(await page.locator('h1').innerText(), 'Events');
    assert.equal(await page.locator('table.admin tbody tr').count(), 3);
    await page.screenshot({ path: join(artifacts, 'app-6-admin.png'), fullPage: true });
  });

  it('shows the errors of an invalid event form and stores nothing', async () => {
    await page.locator('nav a', { hasText: 'New event' }).click();
    await page.waitForURL(`${base}/admin/events/new`);
    await page.locator('input[name="title"]').fill(title);
    await page.locator('form.stacked button[type="submit"]').click();
    await page.locator('#venue-error').waitFor();
    assert.deepEqual(
      [await page.locator('#venue-error').innerText(), await page.locator('#starts-at-error').innerText(), await page.locator('#image-error').innerText()],
      ['Enter a venue.', 'Enter a valid start date and time.', 'Choose a JPEG image.'],
    );
    assert.equal(await page.locator('input[name="title"]').inputValue(), title);
    await page.screenshot({ path: join(artifacts, 'app-7-invalid-form.png'), fullPage: true });
  });

  it('creates an event with a picture, which then shows on the home page', async () => {
    await page.locator('input[name="venue"]').fill('Rooftop');
    await page.locator('input[name="starts_at"]').fill('2031-09-10T19:00');
    await page.locator('textarea[name="description"]').fill('Telescopes provided.');
    await page.locator('input[name="image"]').setInputFiles(join(bundleImages, 'jazz-night.JPG'));
    await page.locator('form.stacked button[type="submit"]').click();
    await page.waitForURL(`${base}/admin/events`);
    assert.equal(await page.locator('p.flash').innerText(), 'Event created.');
    assert.equal(await page.locator('table.admin tbody tr').count(), 4);
    await page.screenshot({ path: join(artifacts, 'app-8-event-created.png'), fullPage: true });

    await page.goto(`${base}/`);
    const card = page.locator('.event-card', { hasText: title });
    assert.equal(await card.count(), 1);
    const src = await card.locator('img').getAttribute('src');
    assert.match(src!, new RegExp(`^/pictures/${uploadPrefix}[0-9a-f]{8}\\.JPG$`));
    assert.ok((await imagesLoaded(page, 'img.event-image')).every((width) => width > 0), 'the new picture is served at once');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, 'app-9-home-with-new-event.png'), fullPage: true });
  });
});
