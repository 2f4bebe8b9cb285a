import { expect, test } from '@playwright/test';

test('the root redirects to the login page, served with the security headers', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) cspViolations.push(message.text());
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(/\S/);
  expect(cspViolations).toEqual([]);
});

test('the design of the platform answers JSON', async ({ request }) => {
  const response = await request.get('/api/fr/app/design');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(await response.json()).toEqual(expect.any(Object));
});
