import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig, PROJECT_DIR } from '../config'
import { hostedScheduleSql } from './schedules-sql'
import { functionEntry, readFunctionSecrets, readSchedules, readVerifyJwt } from './settings'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-project-'))
  dirs.push(dir)
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  return dir
}

describe('readVerifyJwt', () => {
  it('reads verify_jwt from [functions.<name>] sections only', () => {
    const toml = [
      '[api]',
      'verify_jwt = false',
      '',
      '[functions.send-alerts]',
      'verify_jwt = false # the scheduler calls it with the service role key',
      '',
      '[functions."quoted_name"]',
      'verify_jwt = true',
      '',
      '[functions.other]',
      'entrypoint = "./functions/other/index.ts"',
      '[auth]',
      'verify_jwt = false',
    ].join('\n')
    expect([...readVerifyJwt(toml)]).toEqual([
      ['send-alerts', false],
      ['quoted_name', true],
    ])
  })

  it('leaves the project config.toml valid for functions it does not mention (default: verify)', () => {
    const toml = fs.readFileSync(path.join(PROJECT_DIR, 'supabase', 'config.toml'), 'utf8')
    expect(readVerifyJwt(toml).get('hello')).toBeUndefined()
  })
})

describe('functionEntry', () => {
  it('finds <name>/index.ts and nothing that is not a function name', () => {
    const dir = project({
      'functions/a/index.ts': '',
      'functions/_shared/index.ts': '',
      'functions/b/main.ts': '',
    })
    expect(functionEntry(dir, 'a')).toBe(path.join(dir, 'functions', 'a', 'index.ts'))
    for (const name of ['_shared', 'b', '..', '../functions/a', 'a/../a', '']) {
      expect(functionEntry(dir, name)).toBeUndefined()
    }
  })
})

describe('readFunctionSecrets', () => {
  it('reads functions/.env as supabase functions serve does', () => {
    const dir = project({
      'functions/.env': [
        '# comment',
        'PLAIN=value',
        'QUOTED="with spaces # not a comment"',
        "SINGLE='x'",
        'export EXPORTED=1',
        'TRAILING=abc # comment',
        'EMPTY=',
        'not a line',
      ].join('\n'),
    })
    expect(readFunctionSecrets(dir)).toEqual({
      PLAIN: 'value',
      QUOTED: 'with spaces # not a comment',
      SINGLE: 'x',
      EXPORTED: '1',
      TRAILING: 'abc',
      EMPTY: '',
    })
    expect(readFunctionSecrets(project({}))).toEqual({})
  })
})

describe('schedules', () => {
  it('are those of the contract: send-alerts every minute, instant and daily, each with its body, and send-emails', () => {
    const schedules = readSchedules(loadConfig().functionsProjectDir)
    expect(schedules).toEqual([
      { name: 'send-alerts-instant', function: 'send-alerts', cron: '* * * * *', body: { mode: 'instant' } },
      { name: 'send-alerts-daily', function: 'send-alerts', cron: '* * * * *', body: { mode: 'daily' } },
      { name: 'send-emails', function: 'send-emails', cron: '* * * * *', body: {} },
    ])
  })

  it('refuses a schedules file with junk, naming the file', () => {
    const dir = project({
      'functions/schedules.json': JSON.stringify({ schedules: [{ name: 'X y', cron: 1 }] }),
    })
    expect(() => readSchedules(dir)).toThrow(/schedules\.json/)
  })

  it('become the pg_cron + pg_net SQL the README gives for hosted Supabase, word for word', () => {
    const sql = hostedScheduleSql(readSchedules(loadConfig().functionsProjectDir))
    expect(sql).toContain(`'send-alerts-daily',\n  '* * * * *'`)
    expect(sql).toContain(`body := '{"mode":"instant"}'::jsonb`)
    // The README shows it inside a numbered step, indented three spaces.
    const readme = fs.readFileSync(path.join(PROJECT_DIR, 'README.md'), 'utf8').replace(/^ {3}/gm, '')
    expect(readme).toContain(sql)
  })
})
