// The failed tests of a Playwright JSON report, in a few lines each: what `npm test` repeats under its summary, so
// that the end of a long run's output says what failed and why.
import fs from 'node:fs'
import { stripVTControlCharacters } from 'node:util'

/** Where the end-to-end suite writes its JSON report (playwright.config.ts), read back by `npm test` (run-all.ts). */
export const E2E_REPORT = 'test-results/e2e-report.json'

/** How many lines of a failure's message the summary repeats. */
const FAILURE_LINES = 12

type ReportError = { message?: string }
type ReportSuite = { suites?: ReportSuite[]; specs?: ReportSpec[]; errors?: ReportError[] }
type ReportSpec = {
  title: string
  file: string
  line: number
  tests: { projectName: string; results: { status: string; error?: ReportError }[] }[]
}

/**
 * Each failed test of a Playwright JSON report (where it is, its title, and the first lines of its error), then what
 * failed outside the tests.
 */
export function e2eFailures(reportPath: string): string[] {
  let report: ReportSuite
  try {
    report = JSON.parse(fs.readFileSync(reportPath, 'utf8')) as ReportSuite
  } catch {
    return [`(no report at ${reportPath})`]
  }
  const lines: string[] = []
  const firstLines = (error: ReportError | undefined) =>
    stripVTControlCharacters(error?.message ?? '')
      .split('\n')
      .slice(0, FAILURE_LINES)
      .map((line) => `      ${line}`)
  const walk = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          if (result.status !== 'passed' && result.status !== 'skipped') {
            lines.push(`  [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${result.status})`)
            lines.push(...firstLines(result.error))
          }
    for (const child of suite.suites ?? []) walk(child)
  }
  walk(report)
  // What failed outside any test: the stacks not starting, say.
  for (const error of report.errors ?? []) lines.push('  (outside the tests)', ...firstLines(error))
  return lines
}
