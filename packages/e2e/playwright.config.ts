import { defineConfig, devices } from '@playwright/test';
import { DEMO_TODAY } from './tests/helpers';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;

/**
 * Playwright against the real server (fresh embedded database with the demo chain ending on
 * DEMO_TODAY, the built web app from packages/web/dist) and Debian's Chromium.
 * `npm run build -w @salon/web` first.
 */
export default defineConfig({
  testDir: './tests',
  // Separate folders let two suites run side by side without removing each other's files.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 800 } } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/start-server.mjs',
        url: `${BASE_URL}/api/health`,
        // The demo chain and every salon's today are pinned, so the specs' dates do not move with the calendar.
        env: { PORT: String(PORT), DEMO_TODAY },
        timeout: 240_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
        // SIGTERM (Playwright's default is SIGKILL): the server stops its embedded database in order.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      },
});
