import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8331';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(`${base}/login`);
await page.getByTestId('login-username').fill('super_user');
await page.getByTestId('login-password').fill('Demo-pass-1');
await page.getByTestId('login-submit').click();
await page.locator('[data-testid^="unit-row-"]').first().waitFor();
await page.waitForTimeout(2000);
const dump = () => page.evaluate(() => [...document.querySelectorAll('[data-testid^="unit-row-"]')].slice(0, 4).map((row) => {
  const cell = row.querySelector('[role="gridcell"]:last-child') as HTMLElement;
  const kids = [...cell.querySelectorAll('button')].map((b) => Math.round(b.getBoundingClientRect().width) + '@' + Math.round(b.getBoundingClientRect().left));
  return `${Math.round(cell.getBoundingClientRect().width)}@${Math.round(cell.getBoundingClientRect().left)} sw=${cell.scrollWidth} ${kids.join(' ')}`;
}));
console.log((await dump()).join('\n'));
await page.screenshot({ path: process.argv[2]! });
await browser.close();
