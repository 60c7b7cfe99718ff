// The baselines the vitals area loads beside each page, served from the bench process on a loopback port:
//   /react          the minimal hydrated React page (server-rendered here, its bundle built by esbuild at start-up)
//   /no-scripts?u=  the page at u, rendered by the real server on this request, with every script removed and a
//                   <base> pointing at the real server so its styles, fonts and images load from there as before
// Both answer gzip when the browser asks for it, as the real server does, so the slow-4G profile weighs the same bytes.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MinimalApp } from './minimal-react-app';

/** The page's HTML without scripts: script elements, module and fetch preloads and inline handlers removed; a base for its assets. */
export function withoutScripts(html: string, baseHref: string): string {
  const stripped = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*\/>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '')
    // What only the scripts read (the site configuration the entry hydrates with) is not fetched either.
    .replace(/<link\b(?=[^>]*\brel=["']?preload["']?)(?=[^>]*\bas=["']?fetch["']?)[^>]*>/gi, '')
    .replace(/\son[a-z]+=("[^"]*"|'[^']*')/gi, '');
  const base = `<base href="${baseHref.replace(/"/g, '&quot;')}">`;
  return /<head[^>]*>/i.test(stripped) ? stripped.replace(/<head[^>]*>/i, (m) => `${m}${base}`) : `${base}${stripped}`;
}

/** The running baseline server. */
export interface BaselineServer {
  baseUrl: string;
  /** The address of the page `pageUrl` without its scripts. */
  noScriptsUrl(pageUrl: string): string;
  reactUrl: string;
  /** Gzip bytes of the React page's script (information). */
  reactJsGzip: number;
  close(): Promise<void>;
}

async function reactBundle(): Promise<string> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'minimal-react-client.ts');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Starts the baseline server (builds the React page's bundle first). */
export async function startBaselineServer(): Promise<BaselineServer> {
  const js = await reactBundle();
  const reactHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Minimal React page</title><script type="module" src="/react.js"></script></head><body><div id="root">${renderToString(createElement(MinimalApp))}</div></body></html>`;
  const send = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    type: string,
    body: string,
  ): void => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://baseline');
    if (url.pathname === '/react') return send(req, res, 200, 'text/html; charset=utf-8', reactHtml);
    if (url.pathname === '/react.js') return send(req, res, 200, 'text/javascript; charset=utf-8', js);
    if (url.pathname === '/no-scripts') {
      const target = url.searchParams.get('u') ?? '';
      void fetch(target, {
        headers: {
          'user-agent': String(req.headers['user-agent'] ?? ''),
          'accept-language': String(req.headers['accept-language'] ?? ''),
        },
      })
        .then(async (r) =>
          send(
            req,
            res,
            r.status,
            'text/html; charset=utf-8',
            withoutScripts(await r.text(), new URL('/', target).href),
          ),
        )
        .catch((error: unknown) => send(req, res, 502, 'text/plain', String(error)));
      return;
    }
    send(req, res, 404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    reactUrl: `${baseUrl}/react`,
    noScriptsUrl: (pageUrl) => `${baseUrl}/no-scripts?u=${encodeURIComponent(pageUrl)}`,
    reactJsGzip: gzipSync(js, { level: 9 }).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
