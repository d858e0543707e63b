import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { e2eFailures } from './e2e-failures'

function writeReport(report: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-e2e-report-'))
  const file = path.join(dir, 'report.json')
  fs.writeFileSync(file, JSON.stringify(report))
  return file
}

const passed = { status: 'passed' }

describe('e2eFailures', () => {
  it('names each failed test with the first lines of its error, without colours, and skips the rest', () => {
    const message = `\u001b[31mexpect(received).toEqual(expected)\u001b[39m\n${Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n')}`
    const file = writeReport({
      suites: [
        {
          specs: [
            {
              title: 'fine',
              file: 'a.spec.ts',
              line: 3,
              tests: [{ projectName: 'phone', results: [passed] }],
            },
          ],
          suites: [
            {
              specs: [
                {
                  title: 'the screens render',
                  file: 'dev-warnings.spec.ts',
                  line: 57,
                  tests: [{ projectName: 'phone', results: [{ status: 'failed', error: { message } }] }],
                },
                {
                  title: 'slow',
                  file: 'b.spec.ts',
                  line: 9,
                  tests: [
                    {
                      projectName: 'phone',
                      results: [{ status: 'timedOut', error: { message: 'Test timeout' } }],
                    },
                  ],
                },
                {
                  title: 'later',
                  file: 'c.spec.ts',
                  line: 1,
                  tests: [{ projectName: 'phone', results: [{ status: 'skipped' }] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Timed out waiting 300000ms from config.webServer.' }],
    })
    const lines = e2eFailures(file)
    expect(lines[0]).toBe('  [phone] dev-warnings.spec.ts:57 › the screens render (failed)')
    expect(lines[1]).toBe('      expect(received).toEqual(expected)')
    expect(lines.slice(2, 13)).toEqual(Array.from({ length: 11 }, (_, i) => `      line ${i + 1}`))
    expect(lines.slice(13)).toEqual([
      '  [phone] b.spec.ts:9 › slow (timedOut)',
      '      Test timeout',
      '  (outside the tests)',
      '      Timed out waiting 300000ms from config.webServer.',
    ])
  })

  it('says when there is no report to read', () => {
    expect(e2eFailures(path.join(os.tmpdir(), 'roost-no-such-report.json'))).toEqual([
      `(no report at ${path.join(os.tmpdir(), 'roost-no-such-report.json')})`,
    ])
  })
})
