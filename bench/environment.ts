/**
 * The environment a benchmark runs the app in: the APP_ENV this process was started with,
 * prod when none. Read here, in a module imported before the app's configuration, because
 * importing that configuration loads `app/.env`, whose APP_ENV=dev would otherwise make
 * every benchmark started without APP_ENV measure dev.
 */
export const benchEnvironment = process.env.APP_ENV || 'prod';
