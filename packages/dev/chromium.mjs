// Finds a Chromium for web-test-runner, Playwright and Storybook checks.
// Test tools cannot download their own browsers on our machines, so we look for
// CHROME_PATH, then Debian's /usr/bin/chromium, then a browser Playwright already has;
// as root with none found we install Debian's `chromium` (CI runs as root).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function playwrightOwnChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export async function findChromium({ install = true } = {}) {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  const own = await playwrightOwnChromium();
  if (own) return own;
  if (install && process.getuid?.() === 0) {
    console.log('[chromium] none found: installing Debian chromium (apt-get)');
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error('No Chromium found: set CHROME_PATH or install Debian chromium (apt-get install chromium).');
}
