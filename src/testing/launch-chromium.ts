import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium for browser tests, headless, with the flags this kind of machine
 * needs: no sandbox as root, and no background networking (the network is closed and
 * its refused connections slow every start). Never a downloaded browser.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
