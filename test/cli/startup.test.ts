import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PASTES_DIR } from '../support/fixtures.js';
import { cliEnv, useBuiltCli } from './helpers/cli.js';

const REGISTER = fileURLToPath(new URL('./helpers/register-loads.mjs', import.meta.url));
const HEAVY = ['/client/', '/sandbox/', '/node_modules/graphql/', '/node_modules/clipboardy/', '/node_modules/@napi-rs/'];

const cli = useBuiltCli();

/** The modules (file URLs) a CLI run loaded. */
function loadedBy(args: string[], name: string): string[] {
  const file = path.join(cli.config_dir, `${name}.loads`);
  const result = spawnSync(process.execPath, ['--import', REGISTER, cli.bin, ...args], {
    env: cliEnv(cli.config_dir, { STAKEQL_TEST_LOADS_FILE: file }),
    input: '',
    encoding: 'utf8',
    timeout: 15_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('file:'));
}

describe('start-up loads only what the command needs', () => {
  it('extract loads the paste readers but no client, sandbox, graphql, clipboard or keyring module', () => {
    const loads = loadedBy(['extract', path.join(PASTES_DIR, 'chrome-bash.txt')], 'extract');
    expect(loads.some((u) => u.includes('/dist/paste/'))).toBe(true);
    for (const heavy of HEAVY) expect(loads.filter((u) => u.includes(heavy)), heavy).toEqual([]);
  });

  it('--help loads no command at all', () => {
    const loads = loadedBy(['--help'], 'help');
    expect(loads.some((u) => u.endsWith('/dist/cli/main.js'))).toBe(true);
    for (const part of ['/dist/cli/commands/', '/dist/paste/', '/dist/store/', ...HEAVY]) {
      expect(loads.filter((u) => u.includes(part)), part).toEqual([]);
    }
  });
});
