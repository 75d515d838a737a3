// Modals close with Escape and give the focus back to the element that opened them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cinemaLinks, followNetwork, siteUrl, useBrowser, waitForIslands } from './support.mjs';

const browser = useBrowser();

/** Whether the focused element is the one `locator` designates. */
const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

test('the search dialog closes with Escape and the focus returns to its trigger', (t) =>
  browser.page(t, async (page) => {
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', '/'));
    // Opened once the header island is in, as a visitor's click would find it.
    await waitForIslands(page, network);
    const trigger = page.locator('header.site-header .header-search');
    await trigger.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.equal(await trigger.getAttribute('aria-expanded'), 'true');
    // Focus moved into the dialog (its field).
    assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus is inside the dialog');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus is restored once the dialog is gone, in the frame after: wait for it (a
    // single look right after the detach was flaky on a loaded machine).
    await page.waitForFunction(() => document.activeElement?.matches('header.site-header .header-search'), null, { timeout: 2000 }).catch(() => {});
    assert.ok(await isFocused(trigger), 'the focus is back on the search button');
    assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
  }));

test('the cinema information dialog (#info) closes with Escape and the focus returns to its link', (t) =>
  browser.page(t, async (page) => {
    const [cinema] = await cinemaLinks(page, 'fr');
    assert.ok(cinema, 'the cinemas list links to no cinema');
    const network = followNetwork(page);
    await page.goto(siteUrl('fr', cinema.path));
    await waitForIslands(page, network);
    const link = page.locator('.cinema-links a[href="#info"]');
    // Keyboard, as the focus-return concerns keyboard users: Enter on the focused link.
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(new URL(page.url()).hash, '#info');
    const heading = (await page.locator('section#info > h2').textContent()).trim();
    assert.ok(await page.getByRole('dialog', { name: heading }).isVisible(), `the dialog is named by the section's heading "${heading}"`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.matches('.cinema-links a[href="#info"]'), null, { timeout: 2000 }).catch(() => {});
    assert.ok(await isFocused(link), 'the focus is back on the "Infos pratiques" link');
    assert.equal(new URL(page.url()).hash, '', 'closing clears the fragment');
  }));
