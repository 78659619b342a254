// `sluice/console`: an application's `bin/console` (runConsole) and the legacy
// WebServerBundle that adds `server:run`.
export { runConsole } from './console-application.ts';
export { WebServerBundle } from '../web-server-bundle/web-server-bundle.ts';
export { MakerBundle, type MakerBundleOptions } from '../maker-bundle/maker-bundle.ts';
