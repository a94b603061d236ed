import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useStoreForChildren } from './helpers/build-store.js';
import { modeOf } from './helpers/temp-dir.js';

const CHILD = fileURLToPath(new URL('./helpers/umask-save.mjs', import.meta.url));

const build = useStoreForChildren();

describe.runIf(process.platform !== 'win32')('file store modes under a permissive umask', () => {
  it('creates the directory 0700 and the file 0600 even with umask 000', async () => {
    const configDir = path.join(build.dir, 'home', '.config', 'stakeql');
    const result = spawnSync(process.execPath, [CHILD, build.entry], {
      env: { ...process.env, STAKEQL_CONFIG_DIR: configDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // The child really ran with nothing masked.
    expect(result.stdout).toBe('umask 0\n');
    expect(await modeOf(configDir)).toBe(0o700);
    expect(await modeOf(path.join(configDir, 'profiles.json'))).toBe(0o600);
    expect(await fs.readdir(configDir)).toEqual(['profiles.json']);
    const saved = JSON.parse(await fs.readFile(path.join(configDir, 'profiles.json'), 'utf8')) as {
      profiles: { default: { access_token: string } };
    };
    expect(saved.profiles.default.access_token).toBe('umask-test-token');
  });
});
