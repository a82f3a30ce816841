import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlQuality, precompress } from '../../../scripts/build/output/precompress';

const dir = mkdtempSync(join(tmpdir(), 'compress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes a Brotli and a gzip copy of every text file that decode to it, and none of a picture', async () => {
    mkdirSync(join(dir, 'about'), { recursive: true });
    const page = `<!doctype html><title>About</title>${'<p>Agentic AI, delivered with care. ✓</p>'.repeat(400)}`;
    const script = `export const words = ${JSON.stringify('hydrate '.repeat(500))};`;
    writeFileSync(join(dir, 'about/index.html'), page);
    writeFileSync(join(dir, 'app.js'), script);
    writeFileSync(join(dir, 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    const done = await precompress(dir, htmlQuality(10_000));
    expect(done.files).toBe(2);
    expect(done.after).toBeLessThan(done.before);
    for (const [file, text] of [
      ['about/index.html', page],
      ['app.js', script],
    ]) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).toString()).toBe(text);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).toString()).toBe(text);
    }
    expect(existsSync(join(dir, 'photo.jpg.br'))).toBe(false);
  });

  it('compresses pages at the highest level up to 1,000 of them, and at a fast one beyond', () => {
    expect(htmlQuality(61)).toBe(11);
    expect(htmlQuality(1000)).toBe(11);
    expect(htmlQuality(1001)).toBe(5);
  });
});
