import { SLUICE_VERSION } from '../kernel/version.ts';

/** The page a new application shows at `/` in debug before it has any route. */
export function welcomePage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="UTF-8"><title>Welcome to Sluice!</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;color:#222}code{background:#f3f3f3;padding:.1rem .3rem}</style></head>
<body>
<h1>Welcome to Sluice ${SLUICE_VERSION}</h1>
<p>Your application is running. You see this page because it has no route yet and debug is on.</p>
<p>Next step: add a route, e.g. a controller class with <code>@Route('/')</code>, and register it in your bundle.</p>
</body>
</html>
`;
}
