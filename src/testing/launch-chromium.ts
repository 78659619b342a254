import type { Browser } from 'playwright-core';

/** Where Debian (and most Linux distributions) install Chromium; browser tests skip when it is absent. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium for browser tests, headless, with the flags a CI machine needs: no sandbox as
 * root, and no background networking (a closed network's refused connections slow every
 * start). Never a downloaded browser: `playwright-core` (an optional peer dependency) drives
 * the system's Chromium at CHROMIUM_PATH.
 */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
