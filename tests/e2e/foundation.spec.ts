import { test, expect, screenshot } from './fixtures';

test('the portal opens with its title and answers an unknown route with the 404 screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Sistema de Gestión Notarial');
  await screenshot(page, 'foundation-landing');

  await page.goto('/esta-ruta-no-existe');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await screenshot(page, 'foundation-404');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
