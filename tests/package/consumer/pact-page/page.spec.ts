// Two tests, one per worker: each page's own worker answers the app, and records what it asked.
import { expect, test } from 'workflow-api-mock-kit/playwright';

test('shows the signed-in user', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#user')).not.toHaveText(/error|…/);
});

test('says a workflow is not there', async ({ page }) => {
  await page.goto('/?workflow=p_gone123');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#workflow')).toHaveText('workflow 404');
});
