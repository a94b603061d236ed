import { describe, expect, it } from 'vitest';
import { help_lines, parse_config, whole_number, with_flag, type OptionTable } from '../../src/cli/option-table.js';

const TABLE: OptionTable = {
  'server-seed': { type: 'string', value: 'SEED', help: 'the seed', field: 'server_seed' },
  'server-seed-hash': { type: 'string', value: 'HASH', help: 'its hash', field: 'server_seed_hash' },
  'mines-count': { type: 'string', value: 'N', help: 'mines: 1–24' },
  rows: { type: 'string', value: 'N', help: 'plinko: 8–16', beside: true },
  json: { type: 'boolean', help: 'one line\nthen another' },
};

describe('option tables', () => {
  it('give parseArgs each option with its type, and nothing else', () => {
    expect(parse_config(TABLE)).toEqual({
      'server-seed': { type: 'string' },
      'server-seed-hash': { type: 'string' },
      'mines-count': { type: 'string' },
      rows: { type: 'string' },
      json: { type: 'boolean' },
    });
  });

  it('write one help line an option, a beside option in the second column, continuations indented', () => {
    expect(help_lines(TABLE).split('\n')).toEqual([
      '  --server-seed SEED  the seed',
      '  --server-seed-hash HASH  its hash',
      `  --mines-count N  ${'mines: 1–24'.padEnd(21)}${'--rows N'.padEnd(17)}plinko: 8–16`,
      '  --json  one line',
      `${' '.repeat(23)}then another`,
    ]);
    expect(help_lines(TABLE, ['json', 'server-seed'])).toBe(`  --json  one line\n${' '.repeat(23)}then another\n  --server-seed SEED  the seed`);
    expect(() => help_lines(TABLE, ['nope'])).toThrow('no option --nope');
  });

  it('name the option for the library field an error starts with, the longest field first', () => {
    expect(with_flag(TABLE, 'server_seed_hash must be 64 hex digits')).toBe('--server-seed-hash must be 64 hex digits');
    expect(with_flag(TABLE, 'server_seed must be hex')).toBe('--server-seed must be hex');
    expect(with_flag(TABLE, 'nonce must be a number')).toBe('nonce must be a number');
  });

  it('read a whole number of at most so many digits, and nothing else', () => {
    expect(whole_number('0', 3)).toBe(0);
    expect(whole_number('007', 3)).toBe(7);
    expect(whole_number('1000', 3)).toBeUndefined();
    for (const bad of ['', '-1', '+1', '1e3', ' 1', '1.0', '0x1', '١']) expect(whole_number(bad, 9)).toBeUndefined();
    expect(whole_number(undefined, 9)).toBeUndefined();
    expect(whole_number('9007199254740991', 16)).toBe(Number.MAX_SAFE_INTEGER);
    expect(whole_number('9007199254740993', 16)).toBeUndefined();
  });

  it('put an option too long for the column alone on its line, name a short alias, and leave out an option told of elsewhere', () => {
    const table: OptionTable = {
      timeout: { type: 'string', value: 'SECONDS', help: '\ngive up after this long' },
      yes: { type: 'boolean', short: 'y', help: 'do not ask' },
      'base-url': { type: 'string' },
    };
    expect(help_lines(table)).toBe(`  --timeout SECONDS\n${' '.repeat(23)}give up after this long\n  -y, --yes  do not ask`);
    expect(parse_config(table)).toEqual({ timeout: { type: 'string' }, yes: { type: 'boolean', short: 'y' }, 'base-url': { type: 'string' } });
  });
});
