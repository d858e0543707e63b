import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLANTS, type Plant } from './plants'

/**
 * Every house rule, broken once on purpose: each plant is written into src/ where the rule applies, one Biome
 * run lints them all, and each must be refused with its rule's message, so a rule cannot weaken unnoticed.
 * A clean file that does everything the rules allow must pass without a word.
 */

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const biome = path.join(root, 'node_modules', '.bin', 'biome')

type Diagnostic = { severity: string; message: string; category: string; location: { path: string } }

/** A plant's own folder (its first `lint-plant…` folder): new, so removing it removes the plant and nothing else. */
function plantFolder(file: string): string {
  const parts = file.split('/')
  return parts.slice(0, parts.findIndex((part) => part.startsWith('lint-plant')) + 1).join('/')
}

function plantAll(files: readonly { path: string; code: string }[]): string[] {
  const folders = [...new Set(files.map((file) => plantFolder(file.path)))]
  for (const folder of folders) {
    if (!folder.includes('lint-plant') || fs.existsSync(path.join(root, folder))) {
      throw new Error(`${folder}: a plant's folder must be a new lint-plant… folder`)
    }
  }
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file.path)), { recursive: true })
    fs.writeFileSync(path.join(root, file.path), file.code)
  }
  return folders
}

const removeAll = (folders: string[]) => {
  for (const folder of folders) fs.rmSync(path.join(root, folder), { recursive: true, force: true })
}

async function lint(files: string[]): Promise<Diagnostic[]> {
  // Biome exits non-zero when it finds errors, which is what the plants are for: its JSON report is read either way.
  const result = await run(biome, ['lint', '--reporter=json', '--max-diagnostics=none', ...files], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }
  return report.diagnostics
}

const errorsIn = (diagnostics: Diagnostic[], plant: Plant) =>
  diagnostics.filter(
    (d) => d.severity === 'error' && plant.files.some((file) => d.location.path === file.path),
  )

describe('the house rules refuse each planted violation', () => {
  let diagnostics: Diagnostic[] = []
  let folders: string[] = []

  beforeAll(async () => {
    const files = PLANTS.flatMap((plant) => plant.files)
    folders = plantAll(files)
    diagnostics = await lint(files.map((file) => file.path))
  }, 60_000)

  afterAll(() => removeAll(folders))

  it.each(PLANTS.map((plant) => [plant.rule, plant] as const))('%s', (_rule, plant) => {
    const messages = errorsIn(diagnostics, plant).map((d) => `${d.category}: ${d.message}`)
    expect(messages).toContainEqual(expect.stringContaining(plant.refusedWith))
  })
})

describe('the house rules allow what they allow', () => {
  const clean = [
    {
      path: 'src/features/lint-plant-clean/components/clean-card.ts',
      code: [
        "export { toast } from '../../../lib/toast'",
        "export type { Listing } from '../../../types/listing'",
        "export { useSaved } from '../../../device/saved'",
        "export { Button } from '../../../components/button'",
        "export { fetchThing } from '../api/fetch-thing'",
        "export { other } from './other'",
        // Its own feature, by any spelling of the path.
        "export { climb } from '../../lint-plant-clean/api/fetch-thing'",
        "export { dotted } from './../api/fetch-thing'",
        "export const later = () => import('../api/fetch-thing')",
        "export { useState } from 'react'",
        '',
      ].join('\n'),
    },
    {
      path: 'src/app/lint-plant-clean/start.ts',
      code: [
        "import '../../features/listings/first-screen.css'",
        "export { createAppRouter } from '../router'",
        "export { readEarlyAnswer } from '../../first-screen/early-listings'",
        '',
      ].join('\n'),
    },
    {
      path: 'src/first-screen/lint-plant-clean/take.ts',
      code: [
        "export { EARLY_LIST } from '../../features/listings/first-screen'",
        "export { earlyTemplates } from '../../features/listings/first-screen-markup'",
        '',
      ].join('\n'),
    },
    {
      path: 'src/first-screen/lint-plant-clean/early-cards.ts',
      code: [
        "import type { ListingRow } from '../../types/listing'",
        "import { formatPounds, type Priced } from '../../utils/inline-script-helpers'",
        "import { drawn } from './early-script'",
        'export const price = (row: ListingRow, priced: Priced) => [formatPounds(priced.regularPrice), row.name, drawn]',
        '',
      ].join('\n'),
    },
    {
      path: 'src/device/lint-plant-clean/owner.ts',
      code: "export { getLocalDb } from '../../lib/local-db-access'\n",
    },
    {
      path: 'src/lib/lint-plant-clean/wrapper.ts',
      code: "export { toast } from 'react-toastify'\nexport type { Table } from 'dexie'\n",
    },
    {
      path: 'src/first-screen/lint-plant-clean/take.test.ts',
      code: "import { vi } from 'vitest'\n\nvi.mock('@supabase/postgrest-js', () => ({}))\n",
    },
  ]

  let folders: string[] = []
  afterAll(() => removeAll(folders))

  it('a file that keeps every rule passes', async () => {
    folders = plantAll(clean)
    const found = await lint(clean.map((file) => file.path))
    expect(found.map((d) => `${d.location.path}: ${d.category}: ${d.message}`)).toEqual([])
  }, 60_000)
})
