/**
 * Money the user can account for (issue 22, item 13), in the app as `npm start` serves it, in test
 * mode: billing details, a purchase through the test checkout, the purchase on the Credits page in
 * rupees with a receipt whose link returns the PDF (emailed too), a partial refund, the page on a
 * phone, and a checkout closed too late.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { paymentMessages } from '#shared/messages';
import type { PurchasesPage } from '#shared/payments';
import { apiBuyCredits, apiJson } from './api';
import { atEachWidth, expect, horizontalOverflow, PHONE_WIDTH, seriousViolations, settleAnimations, test, VIEWPORTS } from './fixtures';
import { readPdf } from './pdf';

const purchaseRows = (page: Page) => page.locator('table.purchase-table tbody tr');

/** The webhook secret the served app checks (.dev.vars, which `npm start` makes from .dev.vars.example). */
function webhookSecret(): string {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../.dev.vars'), 'utf8');
  return /^RAZORPAY_WEBHOOK_SECRET="?([^"\n]*)"?/m.exec(text)?.[1] ?? '';
}

/** Razorpay's refund.processed for part of a payment, signed as Razorpay signs it (tests/fakes/razorpay.ts has the full shape). */
async function refundPart(page: Page, purchase: { orderId: string; paymentId: string; amount: number }, amount: number): Promise<void> {
  const payment = { id: purchase.paymentId, entity: 'payment', amount: purchase.amount, currency: 'INR', status: 'captured', order_id: purchase.orderId, captured: true, amount_refunded: amount, refund_status: 'partial' };
  const refund = { id: `rfnd_${Date.now().toString(36)}`, entity: 'refund', amount, currency: 'INR', payment_id: purchase.paymentId, status: 'processed', created_at: Math.floor(Date.now() / 1000) };
  const body = JSON.stringify({ entity: 'event', event: 'refund.processed', contains: ['refund', 'payment'], payload: { refund: { entity: refund }, payment: { entity: payment } } });
  const response = await page.request.post('/api/webhooks/razorpay', {
    headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': createHmac('sha256', webhookSecret()).update(body).digest('hex') },
    data: body,
  });
  expect(await response.json()).toMatchObject({ outcome: 'refunded' });
}

async function buyOnPricingPage(page: Page, credits: number): Promise<void> {
  await page.goto('/pricing');
  // The prerendered page shows its controls before the app hydrates; the member's ribbon shows once
  // the app runs and has the profile, which Buy Credits waits for too.
  await expect(page.getByText(/Member — \d+ Credits? Left/)).toBeVisible();
  const pro = page.locator('article.plan-card', { has: page.getByRole('heading', { level: 2, name: 'Pro', exact: true }) });
  await pro.getByRole('slider', { name: 'Credits' }).fill(String(credits));
  await pro.getByRole('button', { name: 'Buy Credits' }).click();
}

test.describe('purchases and receipts', () => {
  test('a test-mode purchase is listed in rupees on the Credits page, its receipt link returns the PDF made out to the billing details, and with a partial refund the page fits a phone', async ({ page, member }) => {
    await page.goto('/credits');
    await expect(page.getByText('No purchases yet. Receipts for the credits you buy appear here.')).toBeVisible();
    await page.getByRole('heading', { name: 'Billing details' }).click();
    await page.getByLabel('Name on receipts').fill('Studio Verandah LLP');
    await page.getByLabel('GSTIN (optional)').fill('29aabct1332l1za');
    await expect(page.getByLabel('State')).toHaveValue('29');
    await page.getByLabel('Billing address').fill('4 Lavelle Road\nBengaluru 560001');
    await page.getByRole('button', { name: 'Save billing details' }).click();
    await expect(page.getByText('Saved. Your next receipts will carry these details.')).toBeVisible();

    await buyOnPricingPage(page, 5);
    await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay ₹3,495 (test)' }).click();
    await expect(page.getByText('Payment successful! 5 credits added to your account.')).toBeVisible();

    await page.getByRole('link', { name: 'Credits page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/credits');
    await expect(purchaseRows(page)).toHaveCount(1);
    const row = purchaseRows(page).first();
    await expect(row).toContainText('5 credits');
    await expect(row.locator('td.purchase-amount')).toHaveText('₹3,495');
    await expect(row.locator('td.purchase-status-cell')).toHaveText('Paid');
    await expect(row).toContainText('Test mode');
    const receipt = row.getByRole('link', { name: /^Receipt TEST-\d{4}-\d{2}\/\d{6} \(PDF, opens in a new tab\)$/ });
    await expect(receipt).toBeVisible();
    const number = /Receipt (\S+) /.exec((await receipt.getAttribute('aria-label')) ?? '')?.[1] ?? '';

    const response = await page.request.get((await receipt.getAttribute('href')) ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const [sheet] = await readPdf(new Uint8Array(await response.body()));
    expect(sheet?.mediaBox.width).toBeCloseTo(595.28, 1);
    // The strings the page draws (`(…) Tj`), with PDF's escapes undone.
    const drawn = [...(sheet?.text ?? '').matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((match) => (match[1] ?? '').replace(/\\(.)/g, '$1'));
    expect(drawn).toEqual(expect.arrayContaining(['Test receipt', number, 'Studio Verandah LLP', 'GSTIN 29AABCT1332L1ZA', 'Karnataka (29)', '3,495.00', '5 credits']));

    // The same receipt went out by email, once, with the PDF attached.
    const outbox = await (await page.request.get('/api/dev/outbox')).json() as { messages: { to: string; subject: string; attachments: { type: string }[] }[] };
    const sent = outbox.messages.filter((message) => message.to === member.email && message.subject.includes('receipt'));
    expect(sent).toEqual([expect.objectContaining({ subject: `Your Parti receipt ${number}`, attachments: [expect.objectContaining({ type: 'application/pdf' })] })]);

    // A larger purchase, half refunded (Razorpay's webhook), listed first; on a phone the page fits:
    // the date and status columns give way to a line under the credits, the receipt links are
    // big enough to tap.
    await apiBuyCredits(member, 100);
    const [large] = (await apiJson<PurchasesPage>('/api/payments/purchases', member.token)).items;
    await refundPart(page, large!, 3_495_000);
    await page.reload();
    await expect(purchaseRows(page)).toHaveCount(2);
    await expect(purchaseRows(page).first().locator('td.purchase-amount')).toHaveText('₹69,900');
    await expect(purchaseRows(page).first()).toContainText('₹34,950 refunded on');
    await expect(page.locator('table.ledger-table tbody tr').first()).toContainText('Purchase refunded');
    await atEachWidth(
      page,
      async () => {
        await expect(page.locator('table.purchase-table th', { hasText: 'Status' })).toBeHidden();
        await expect(purchaseRows(page).locator('.purchase-status-inline')).toHaveText(['Partly refunded', 'Paid']);
        for (const link of await page.getByRole('link', { name: /^Receipt / }).all()) {
          const box = await link.boundingBox();
          expect(box?.height).toBeGreaterThanOrEqual(44);
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        }
        await expect(page.getByLabel('Billing address')).toBeVisible();
        await settleAnimations(page);
        await expect.poll(() => horizontalOverflow(page)).toBe(0);
        await expect.poll(() => seriousViolations(page), { message: 'axe on /credits with purchases' }).toEqual([]);
      },
      PHONE_WIDTH,
    );
  });

  test('a checkout closed after its payment went through says so instead of nothing', async ({ page, member }) => {
    await buyOnPricingPage(page, 5);
    const dialog = page.getByRole('dialog', { name: 'Test checkout' });
    const orderId = (await dialog.locator('.test-checkout-order').textContent()) ?? '';
    // The payment completes elsewhere (the bank's app, another tab) while checkout is still open.
    await apiJson('/api/payments/test/complete', member.token, 'POST', { orderId });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expect(page.getByRole('status').getByText(paymentMessages.closedAfterPayment(5))).toBeVisible();
    await expect(page.getByText('Pro Member — 17 Credits Left')).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(page.getByText(paymentMessages.closedAfterPayment(5))).toHaveCount(0);
  });
});
