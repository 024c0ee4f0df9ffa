import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Chromium the browser tests drive; set CHROMIUM_PATH to use another build. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts headless Chromium with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
