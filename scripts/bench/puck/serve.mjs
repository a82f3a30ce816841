/**
 * A tiny static server for the built Puck app, as a person would put in front of it: its build,
 * then the pictures the page names (PUBLIC_DIR, our site's public/). Prints its address.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const roots = [join(import.meta.dirname, 'dist'), process.env.PUBLIC_DIR].filter(Boolean);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.json': 'application/json',
};

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://puck').pathname));
  const file = roots
    .map((root) => join(root, path === '/' ? 'index.html' : path))
    .find((candidate) => roots.some((root) => candidate.startsWith(root)) && existsSync(candidate) && statSync(candidate).isFile());
  if (!file) {
    res.writeHead(404);
    return void res.end('Not found.');
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`Puck: http://127.0.0.1:${server.address().port}/`));
