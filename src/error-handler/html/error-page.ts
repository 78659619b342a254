import { escapeHtml } from '../../support/html-escape.ts';

/**
 * The page a visitor sees in prod: the reference's text (the status and its apology) and a
 * way back to the home page, nothing about the application's internals (no message,
 * class, trace, file or log).
 */
export function renderErrorPage(statusCode: number, statusText: string, charset: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="${escapeHtml(charset)}">
<meta name="robots" content="noindex,nofollow,noarchive">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>An Error Occurred: ${escapeHtml(statusText)}</title>
<style>
body { margin: 0; background: #f5f5f5; color: #222; font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
.container { max-width: 42em; margin: 12vh auto 0; padding: 2em; background: #fff; border-radius: 6px; box-shadow: 0 1px 3px rgba(0, 0, 0, .1); }
h1 { margin: 0 0 .5em; font-size: 1.6em; }
h2 { margin: 0 0 1em; font-size: 1.1em; font-weight: normal; color: #555; }
a { color: #1a5fb4; }
</style>
</head>
<body>
<div class="container">
<h1>Oops! An Error Occurred</h1>
<h2>The server returned a "${statusCode} ${escapeHtml(statusText)}".</h2>
<p>
Something is broken. Please let us know what you were doing when this error occurred.
We will fix it as soon as possible. Sorry for any inconvenience caused.
</p>
<p><a href="/">Back to the home page</a></p>
</div>
</body>
</html>
`;
}
