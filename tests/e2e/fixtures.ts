import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** Every journey runs against the server that global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.PORTAL_URL);
  },
});

export { expect };

/** Saves a screenshot under test-results/screenshots/ (looked at by people, kept by CI). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join('test-results', 'screenshots', `${name}.png`), fullPage: true });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The development outbox, newest first. */
export async function outbox(): Promise<OutboxMail[]> {
  const res = await fetch(`${process.env.PORTAL_URL}/dev/outbox`);
  return (await res.json()) as OutboxMail[];
}
