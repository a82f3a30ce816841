// Renders public/images/brand/social-card.jpg (1200×630), the picture shown when a page is
// shared, from a small HTML composition in Debian's Chromium. Run once by hand; the JPEG is
// committed. Usage: npx tsx scripts/make-social-image.ts
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tooling/chromium';

const logo = readFileSync(new URL('../public/images/brand/logo-light.svg', import.meta.url), 'utf8');
const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box;
background:radial-gradient(ellipse at 85% 10%,#233d9c 0%,transparent 55%),linear-gradient(135deg,#0b1024 0%,#1d2f63 100%);font-family:'DejaVu Sans',sans-serif;color:#fff">
<div style="transform:scale(2);transform-origin:left top;height:96px">${logo}</div>
<div style="font-size:60px;font-weight:700;line-height:1.1;max-width:900px;margin-top:24px">Software and AI agents that take real work off your teams</div>
<div style="font-size:28px;color:#5eead4;margin-top:28px;letter-spacing:2px">SOFTWARE &amp; AGENTIC AI SERVICES</div></body></html>`;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: new URL('../public/images/brand/social-card.jpg', import.meta.url).pathname, type: 'jpeg', quality: 85 });
await browser.close();
