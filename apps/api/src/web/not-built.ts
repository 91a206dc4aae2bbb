/** What `/` answers while WEB_DIST_DIR holds no build: the API is up, the pages are not. */

const BUILD_COMMAND = 'pnpm --filter @sfr/web build';

export function notBuiltText(distDir: string): string {
  return [
    'The web app is not built.',
    `The API is running (/api/health, /api/docs), but ${distDir} has no index.html.`,
    `Build it with \`${BUILD_COMMAND}\` and reload this page, or start with \`pnpm start\`, which builds it first.`,
    '',
  ].join('\n');
}

export function notBuiltHtml(distDir: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>SFR Analyst: the web app is not built</title>
  </head>
  <body>
    <main>
      <h1>The web app is not built</h1>
      <p>The API is running (<a href="/api/health">/api/health</a>, <a href="/api/docs">/api/docs</a>),
        but <code>${escapeHtml(distDir)}</code> has no <code>index.html</code>.</p>
      <p>Build it with <code>${BUILD_COMMAND}</code> and reload this page, or start with
        <code>pnpm start</code>, which builds it first.</p>
    </main>
  </body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
