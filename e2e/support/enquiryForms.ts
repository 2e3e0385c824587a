import type { Page } from 'playwright-core';
import type { TestServer } from '#test/support/testServer.ts';

/**
 * The forms make their idempotency key in the browser after hydration, so its hidden input
 * appearing means the form is interactive.
 */
export async function waitForInteractiveForm(page: Page): Promise<string> {
  const key = page.locator('form.enquiry-form input[name="idempotencyKey"]');
  await key.waitFor({ state: 'attached' });
  return key.inputValue();
}

/** The element focus is on, by its name or data-field. */
export function focusedField(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.activeElement?.getAttribute('data-field') ?? document.activeElement?.getAttribute('name') ?? null,
  );
}

/** The texts of the messages a control is described by (its inline error and hints). */
export function descriptionOf(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

export function contactRows(site: TestServer, email: string) {
  return site.services.storage.db.selectFrom('contact_enquiries').selectAll().where('email', '=', email).execute();
}

export function admissionRows(site: TestServer, email: string) {
  return site.services.storage.db.selectFrom('admission_enquiries').selectAll().where('email', '=', email).execute();
}

/** Holds requests to one tRPC procedure until released, to see the 'Sending...' state. */
export async function holdProcedure(page: Page, procedure: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/trpc/${procedure}*`, async (route) => {
    await held;
    await route.continue();
  });
  return () => {
    release();
  };
}
