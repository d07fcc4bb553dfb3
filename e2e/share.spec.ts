// Sharing by invitation (issue #10), as two people use it: the owner invites a second account by e-mail and
// sees only the address and "Pending"; the invitation appears live for the second account ("Ada invites you
// to see the station …", with a badge in the menu); they accept and the station with its reading is theirs to
// open; the owner's panel then shows "Shared". Screens are saved at phone and desktop size (SHOTS_DIR).
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addStation, DESKTOP, outdoorCard, screenshots, signUp, upload } from './helpers';

const shots = process.env.SHOTS_DIR ?? join('test-results', 'share-screens');

const shoot = (page: Page, name: string) => screenshots(page, shots, name);

test('an owner shares a station with a second account, which accepts and sees it live', async ({
  browser,
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const friendContext = await browser.newContext({ viewport: DESKTOP });
  const friendPage = await friendContext.newPage();
  const friend = await signUp(friendPage, 'friend');
  await expect(friendPage.getByText('No stations are found')).toBeVisible();

  await signUp(page, 'owner');
  const station = await addStation(page, 'Garden Share');
  await upload(request, station, { t1tem: 21.5, t1hum: 40 });

  // The owner invites the friend's address: only the address and "Pending" show.
  await page.goto('/devices');
  await page.getByRole('button', { name: 'Share Garden Share' }).click();
  await page.getByLabel('Invite by e-mail address').fill(friend.email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const sent = page.getByRole('list', { name: 'Invitations for Garden Share' });
  await expect(sent.getByRole('listitem')).toHaveCount(1);
  await expect(sent).toContainText(friend.email);
  await expect(sent).toContainText('Pending');
  await expect(page.getByRole('button', { name: `Revoke the invitation to ${friend.email}` })).toBeVisible();
  await shoot(page, 'owner-share-panel');

  // The invitation reaches the friend live: a badge in the menu, then the screen with Accept / Decline.
  const menuEntry = friendPage.getByRole('link', { name: /Shared with me/ });
  await expect(menuEntry).toContainText('1');
  await menuEntry.click();
  await expect(friendPage).toHaveURL(/\/shares$/);
  const invitations = friendPage.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText('Ada invites you to see the station Garden Share');
  await shoot(friendPage, 'friend-invitation');
  await friendPage.getByRole('button', { name: 'Accept the invitation to Garden Share' }).click();

  // Accepted: the station is listed as shared with them and opens on their dashboard with its reading.
  const shared = friendPage.getByRole('region', { name: 'Stations shared with you' });
  await expect(shared).toContainText('Garden Share');
  await expect(shared).toContainText('Shared by Ada');
  await shoot(friendPage, 'friend-shared');
  await friendPage.getByRole('button', { name: 'Open Garden Share on the dashboard' }).click();
  await expect(friendPage).toHaveURL(/\/dashboard/);
  await expect(outdoorCard(friendPage)).toContainText('21.5');
  // A new reading arrives live on the friend's dashboard.
  await upload(request, station, { t1tem: 23.4, t1hum: 41 });
  await expect(outdoorCard(friendPage)).toContainText('23.4');

  // The owner's panel follows: the invitation is now a share.
  await expect(sent).toContainText('Shared', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: `Stop sharing with ${friend.email}` })).toBeVisible();
  await friendContext.close();
});
