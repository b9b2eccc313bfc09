/**
 * What the Playwright specs share: the demo password, signing in through the login page, and a
 * second API client with its own session (another console or a script changing things over REST).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-pass-1';

/** Signs in on the login page as `username` (demo accounts: username = role) and waits for the shell. */
export async function login(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('nav-menu')).toBeVisible();
}

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

/** A second client (its own cookies), like another console or a script changing things through REST. */
export async function apiAs(playwright: Playwright, baseURL: string | undefined, username: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post('/mock/auth/login', { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return api;
}
