/**
 * Serves the built web app (`vite build` output, WEB_DIST_DIR) from the API's own origin, so the
 * browser talks to /api same-origin (the API refuses state-changing requests from other sites) and
 * one port runs the whole product. Registered after the API routes: Fastify matches their static
 * paths first, and this catch-all only sees what no API route claimed.
 *
 * - files under assets/ carry a content hash in their name: cached for a year, immutable;
 * - index.html and the other files keep their names across builds: revalidated on every use;
 * - `name.br` / `name.gz` beside a file (written at build time) are sent to browsers that accept them;
 * - `/` is index.html, which holds the analyzer's first screen pre-rendered (apps/web/src/prerender.tsx);
 * - any other GET that accepts HTML gets app.html, the same page without that screen (client-side
 *   routes such as /profile must not flash the analyzer), and so does one that accepts anything
 *   (curl, link checkers) at a path without a file extension; a build without app.html gets index.html;
 * - unknown /api/* paths, and missing files asked for by scripts, stay the API's JSON 404.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notBuiltHtml, notBuiltText } from './not-built.js';

export interface WebAppOptions {
  /** the folder `vite build` writes: index.html, assets/, the public/ files */
  distDir: string;
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** index.html without the pre-rendered analyzer (apps/web/scripts/prerender-shell.ts) */
const PAGE_WITHOUT_SHELL = 'app.html';

/** Vite's default `build.assetsDir`: every file in it is named after its content hash. */
const HASHED_DIR = 'assets/';

export const webApp: FastifyPluginAsync<WebAppOptions> = async (app, { distDir }) => {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  // Checked again on each request until found, so building while the API runs needs no restart.
  let built = existsSync(indexFile);
  if (!built) {
    app.log.warn(
      { distDir: root },
      'the web app is not built: / explains how to build it (pnpm --filter @sfr/web build); the API works as usual',
    );
  }

  await app.register(fastifyStatic, {
    root,
    serve: false, // the route below decides what is a file, the app shell or a 404
    preCompressed: true,
    cacheControl: false, // set per file below
    dotfiles: 'ignore',
    index: false,
    suppressWarning: true, // a missing folder is reported above, in words
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', REVALIDATE_CACHE).sendFile('index.html');
  const pageWithoutShell = join(root, PAGE_WITHOUT_SHELL);
  const sendPage = (reply: FastifyReply) =>
    existsSync(pageWithoutShell)
      ? reply.header('cache-control', REVALIDATE_CACHE).sendFile(PAGE_WITHOUT_SHELL)
      : sendIndex(reply);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();

    if (!built) built = existsSync(indexFile);
    if (!built) {
      if (pathname !== '/' && !acceptsHtml(request)) return reply.callNotFound();
      const html = acceptsHtml(request);
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .type(html ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8')
        .send(html ? notBuiltHtml(root) : notBuiltText(root));
    }

    const file = await builtFile(root, pathname);
    if (file !== null) {
      if (file === 'index.html') return sendIndex(reply);
      reply.header('cache-control', file.startsWith(HASHED_DIR) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      return reply.sendFile(file);
    }
    // a missing hashed file is a stale page asking for an old build: a 404, never the app shell
    if (pathname === '/') return sendIndex(reply);
    if (wantsAppShell(request, pathname) && !pathname.startsWith(`/${HASHED_DIR}`)) return sendPage(reply);
    return reply.callNotFound();
  });
};

/** Browsers send `text/html` in Accept when navigating; fetches and script or image loads do not. */
function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

// A page of the app: asked for as HTML, or by a client that takes anything (no Accept, or only
// "*/*") at a path whose last segment has no extension: /profile yes, /favicon.png no.
function wantsAppShell(request: FastifyRequest, pathname: string): boolean {
  if (acceptsHtml(request)) return true;
  const accept = (request.headers.accept ?? '*/*').trim();
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return accept === '*/*' && !lastSegment.includes('.');
}

/**
 * The path of an existing file inside `root` the URL names, relative to it, or null. Dotfiles
 * (dist/.vite/manifest.json) and anything that would leave the folder are never files here.
 */
async function builtFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.length === 0 || decoded.includes('\0') || decoded.includes('\\')) return null;
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  const relative = segments.join('/');
  if (!resolve(root, relative).startsWith(root + sep)) return null;
  try {
    return (await stat(join(root, relative))).isFile() ? relative : null;
  } catch {
    return null;
  }
}
