// `sluice/testing/browser`: browser tests in the system's Chromium. Apart from
// `sluice/testing` because it needs `playwright-core` (an optional peer dependency), whose
// types an application without browser tests does not have.
export { launchChromium, CHROMIUM_PATH } from './launch-chromium.ts';
