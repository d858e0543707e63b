import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { newAccount, photo, signUp, toast } from './support/accounts'
import { draftItem } from './support/drafts'
import { fillPublishingFacts } from './support/property-facts'
import { ONLINE_ONLY } from './support/service-worker'

test.use(ONLINE_ONLY)

const message = (page: Page, field: RegExp | string, text: string) =>
  expect(page.getByLabel(field)).toHaveAccessibleDescription(
    new RegExp(text.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')),
  )

async function newLandlordOnCreate(page: Page, label: string) {
  await signUp(page, newAccount(label))
  await page.goto('/create-listing')
  await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible()
}

test.describe('the photo picker on Create a Listing', () => {
  test('shows thumbnails, marks the cover, moves and removes photos, and has no WCAG violation', async ({
    page,
  }) => {
    await newLandlordOnCreate(page, 'picker')
    await page
      .getByLabel('Images')
      .setInputFiles([await photo('a.jpg'), await photo('b.jpg'), await photo('c.jpg')])
    const chosen = page.getByRole('list', { name: 'Chosen photos' })
    const names = () =>
      chosen.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))
    await expect(chosen.getByRole('listitem')).toHaveCount(3)
    expect(await names()).toEqual(['1 of 3: a.jpg', '2 of 3: b.jpg', '3 of 3: c.jpg'])
    await expect(chosen.getByRole('listitem').first()).toContainText('Cover')
    await expect(chosen.getByText('Cover')).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled()

    await page.getByRole('button', { name: 'Move photo 3 earlier' }).click()
    expect(await names()).toEqual(['1 of 3: a.jpg', '2 of 3: c.jpg', '3 of 3: b.jpg'])
    await page.getByRole('button', { name: 'Move photo 1 later' }).click()
    expect(await names()).toEqual(['1 of 3: c.jpg', '2 of 3: a.jpg', '3 of 3: b.jpg'])
    await page.getByRole('button', { name: 'Remove photo 2' }).click()
    await expect(chosen.getByRole('listitem')).toHaveCount(2)
    expect(await names()).toEqual(['1 of 2: c.jpg', '2 of 2: b.jpg'])

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('form').analyze()
    expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])

    // The spec's limit and message are unchanged.
    const seven = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((n) => photo(`room-${n}.jpg`, { width: 40, height: 30 })),
    )
    await page.getByLabel('Images').setInputFiles(seven)
    await expect(chosen.getByRole('listitem')).toHaveCount(7)
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await message(page, 'Images', 'Max 6 images only!')
    await page.getByRole('button', { name: 'Remove photo 7' }).click()
    await expect(chosen.getByRole('listitem')).toHaveCount(6)
  })

  test('says how each photo is getting on while publishing', async ({ page }) => {
    await newLandlordOnCreate(page, 'progress')
    await page.getByLabel('Name').fill('Loft with three photos')
    await page.getByLabel('Address').fill('Leeds')
    await page.getByLabel(/^Regular price/).fill('900')
    await fillPublishingFacts(page, { regularPrice: '900' })
    await page
      .getByLabel('Images')
      .setInputFiles([await photo('1.jpg'), await photo('2.jpg'), await photo('3.jpg')])
    // A slow connection, so each step can be seen.
    await page.route('**/storage/v1/object/listing-images/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900))
      await route.continue()
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    const chosen = page.getByRole('list', { name: 'Chosen photos' })
    await expect(chosen.getByRole('listitem').nth(0)).toContainText('Uploaded')
    await expect(chosen.getByRole('listitem').nth(1)).toContainText(/Uploading…|Uploaded/)
    await expect(chosen.getByRole('listitem').nth(2)).toContainText(/Waiting|Uploading…|Uploaded/)
    await expect(toast(page, 'Listing published!')).toBeVisible({ timeout: 20_000 })
  })
})

test('one round of fixes: a wrong address is reported together with every other problem', async ({
  page,
}) => {
  await newLandlordOnCreate(page, 'one-round')
  await page.getByLabel('Name').fill('Too short')
  await page.getByLabel('Address').fill('Xyzzy Plugh Nowhere Lane')
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await message(page, 'Name', 'Name must be at least 10 characters')
  await message(page, 'Address', 'Please enter a correct address')
  await message(page, /^Regular price/, 'Enter the regular price')
  await message(page, 'Images', 'Choose at least one image')
  await expect(page.getByLabel('Name')).toBeFocused()
})

test("a draft's Delete is a destructive button on the same line as the others", async ({ page }) => {
  await newLandlordOnCreate(page, 'delete')
  await page.getByLabel('Name').fill('Cottage with a long name')
  await page.getByRole('button', { name: 'Save as draft' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  const item = draftItem(page, 'Cottage with a long name')
  await expect(item).toContainText('Needs attention', { timeout: 20_000 })
  const remove = item.getByRole('button', { name: 'Delete draft Cottage with a long name' })
  const edit = item.getByRole('link', { name: 'Edit draft Cottage with a long name' })
  const style = await remove.evaluate((el) => {
    const css = getComputedStyle(el)
    return { color: css.color, border: css.borderTopColor, whiteSpace: css.whiteSpace }
  })
  expect(style).toEqual({ color: 'rgb(180, 35, 24)', border: 'rgb(180, 35, 24)', whiteSpace: 'nowrap' })
  const [removeBox, editBox] = [await remove.boundingBox(), await edit.boundingBox()]
  if (!removeBox || !editBox) throw new Error('no box for Delete or Edit')
  expect(removeBox.y).toBe(editBox.y)
  expect(removeBox.height).toBe(editBox.height)
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('.drafts').analyze()
  expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([])
})
