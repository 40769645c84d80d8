/** Helpers of the journeys on /datos-personales (personas and representatives). */
import type { Locator, Page } from '@playwright/test';
import { isoToFormDate, todayIso } from '../../domain/dates';
import { expect, openSelect, pinFromOutbox, registerUser } from './fixtures';

/**
 * Picks an option of the antd select labelled `label` (inside `scope`). The selected value's
 * label covers the select's input (openSelect clicks through it); a click on the option that lands
 * while the dialog is still scrolling is retried.
 */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  const input = scope.getByLabel(label, { exact: true });
  const select = scope.locator('.ant-select').filter({ has: page.locator(`[id="${await input.getAttribute('id')}"]`) });
  for (let attempt = 1; ; attempt++) {
    await openSelect(input);
    // long lists are virtual: a searchable select is filtered by typing
    if ((await input.getAttribute('readonly')) === null) await input.fill(option);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
    try {
      await expect(select.locator('.ant-select-selection-item')).toHaveText(option, { timeout: 2_000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

export const toast = (page: Page, title: string) => page.locator('.ant-notification-notice').filter({ hasText: title }).first();
export const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

export async function authProxy(body: Record<string, unknown>) {
  const res = await fetch(`${process.env.PORTAL_URL}/functions/v1/auth-proxy`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { access_token?: string; refresh_token?: string; idPersona?: string; message?: string };
}

/**
 * A fresh user nobody else uses, signed in on /datos-personales. The PIN sign-in runs through
 * the real auth-proxy (the login screen has its own journeys); the session is then stored
 * under the portal's keys, as the login screen does.
 */
export async function freshUser(page: Page): Promise<{ documento: string; email: string; token: string; idPersona: string }> {
  const user = await registerUser();
  const since = Date.now();
  await authProxy({ action: 'unifiedLogin', username: user.documento, tipoDocumento: 'NIF' });
  const pincode = await pinFromOutbox(since, user.email);
  const login = await authProxy({ action: 'loginWithPincode', username: user.documento, pincode, externalIdNotaria: 'NOT001' });
  if (!login.access_token) throw new Error(`loginWithPincode: ${login.message}`);
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('auth_token', s.access_token!);
    localStorage.setItem('refresh_token', s.refresh_token!);
    localStorage.setItem('id_persona', s.idPersona!);
  }, login);
  await page.goto('/datos-personales');
  await expect(page.getByRole('heading', { name: 'Datos Personales' })).toBeVisible();
  return { ...user, token: login.access_token, idPersona: login.idPersona! };
}

/** Chooses the signed-in person's own record in the client selector. */
export async function selectClient(page: Page, name: string) {
  await openSelect(page.getByRole('combobox', { name: 'Cliente' }));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
}

/** Today as the portal takes it (the offices' time zone), whatever this process's zone is. */
export const todayDdMmYyyy = () => isoToFormDate(todayIso());


/** A call of the services API with the user's token (to arrange data and to read what was stored). */
export async function servicios(token: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await fetch(`${process.env.PORTAL_URL}/nt/demo/v1/servicios${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(init.json ? { 'Content-Type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
