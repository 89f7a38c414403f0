import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Royalty-demo-2026!';

export const DEMO_LOGINS = [
  { username: 'admin@demo.label', fullname: 'Ada Admin' },
  { username: 'overseer@demo.label', fullname: 'Otto Overseer' },
  { username: 'label@demo.label', fullname: 'Lena Label' },
  { username: 'payee@demo.label', fullname: 'Paco Payee' },
  { username: 'artist@demo.label', fullname: 'Aria Artist' },
  { username: 'warranter@demo.label', fullname: 'Walt Warranter' },
] as const;

export async function fillLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}
