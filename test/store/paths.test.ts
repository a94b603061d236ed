import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolve_config_dir } from '../../src/store/index.js';

describe('resolve_config_dir', () => {
  it('uses STAKEQL_CONFIG_DIR first, on every platform', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(resolve_config_dir({ env: { STAKEQL_CONFIG_DIR: '/tmp/x', XDG_CONFIG_HOME: '/xdg' }, platform, home: '/home/u' })).toBe('/tmp/x');
    }
    expect(resolve_config_dir({ env: { STAKEQL_CONFIG_DIR: 'C:\\cfg', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, platform: 'win32', home: 'C:\\Users\\u' })).toBe('C:\\cfg');
  });

  it('resolves a relative STAKEQL_CONFIG_DIR against the working directory', () => {
    expect(resolve_config_dir({ env: { STAKEQL_CONFIG_DIR: 'rel/dir' }, platform: process.platform })).toBe(path.join(process.cwd(), 'rel', 'dir'));
  });

  it('follows XDG on Linux and other Unix systems', () => {
    expect(resolve_config_dir({ env: { XDG_CONFIG_HOME: '/xdg' }, platform: 'linux', home: '/home/u' })).toBe('/xdg/stakeql');
    expect(resolve_config_dir({ env: {}, platform: 'linux', home: '/home/u' })).toBe('/home/u/.config/stakeql');
    expect(resolve_config_dir({ env: {}, platform: 'freebsd', home: '/home/u' })).toBe('/home/u/.config/stakeql');
  });

  it('ignores an empty STAKEQL_CONFIG_DIR and an empty or relative XDG_CONFIG_HOME', () => {
    expect(resolve_config_dir({ env: { STAKEQL_CONFIG_DIR: '', XDG_CONFIG_HOME: '' }, platform: 'linux', home: '/home/u' })).toBe('/home/u/.config/stakeql');
    expect(resolve_config_dir({ env: { XDG_CONFIG_HOME: 'relative' }, platform: 'linux', home: '/home/u' })).toBe('/home/u/.config/stakeql');
  });

  it('uses Application Support on macOS', () => {
    expect(resolve_config_dir({ env: { XDG_CONFIG_HOME: '/xdg' }, platform: 'darwin', home: '/Users/u' })).toBe('/Users/u/Library/Application Support/stakeql');
  });

  it('uses %APPDATA% on Windows, else the roaming folder under the home', () => {
    expect(resolve_config_dir({ env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, platform: 'win32', home: 'C:\\Users\\u' })).toBe('C:\\Users\\u\\AppData\\Roaming\\stakeql');
    expect(resolve_config_dir({ env: {}, platform: 'win32', home: 'C:\\Users\\u' })).toBe('C:\\Users\\u\\AppData\\Roaming\\stakeql');
  });
});
