import { expect, type Page } from '@playwright/test';
import { smallPdf } from './helpers';

/**
 * Opens the apply form of the step-flow offer shown on the page (the fixture company's
 * `steps.channelId`, in `<rec-offer>`) and fills it in: name, email, the driving licence and work
 * permit this opening's form asks for, a CV and the consent. The caller sends it, so it can watch
 * the answer. Language-independent selectors: the form is filled the same in every locale.
 */
export async function fillStepsApplyForm(page: Page, who: { firstName: string; lastName: string; email: string }): Promise<void> {
  const offer = page.locator('rec-offer');
  await offer.locator('[part~="apply-button"]').click();
  await page.locator('#rec-apply-firstName').fill(who.firstName);
  await page.locator('#rec-apply-lastName').fill(who.lastName);
  await page.locator('#rec-apply-email').fill(who.email);
  await offer.locator('input[name="drivingLicenses"][value="B"]').check();
  await page.locator('#rec-apply-hasWorkPermit').selectOption({ index: 1 });
  await page.locator('#rec-apply-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await expect(offer.locator('#rec-apply-cv ~ .upload-status')).toContainText('cv.pdf');
  await page.locator('#rec-apply-gdprConsent').check();
}
