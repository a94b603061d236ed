import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CURL_LONG_OPTIONS, findLongOption, findShortOption } from '../../../src/paste/curl/options.js';
import { readCurlArgs } from '../../../src/paste/curl/read-args.js';
import { hasCurl } from '../../support/bash-oracle.js';

describe('curl option table', () => {
  it('holds curl\'s long options, sorted and unique', () => {
    expect(CURL_LONG_OPTIONS.length).toBeGreaterThan(250);
    expect(new Set(CURL_LONG_OPTIONS).size).toBe(CURL_LONG_OPTIONS.length);
    expect([...CURL_LONG_OPTIONS].sort()).toEqual(CURL_LONG_OPTIONS);
  });

  it('resolves exact names before prefixes: --head is not --header', () => {
    expect(findLongOption('head')?.name).toBe('head');
    expect(findLongOption('head')?.kind).toBe('bool');
    expect(findLongOption('header')?.kind).toBe('value');
  });

  it('accepts an unambiguous prefix and refuses an ambiguous one, as curl 7 does', () => {
    expect(findLongOption('heade')?.name).toBe('header');
    expect(findLongOption('data-r')?.name).toBe('data-raw');
    expect(findLongOption('cook')).toBeNull(); // cookie / cookie-jar
    expect(findLongOption('cookie-')?.name).toBe('cookie-jar');
    expect(findLongOption('zzz')).toBeNull();
  });

  it('maps short letters', () => {
    expect(findShortOption('H')?.name).toBe('header');
    expect(findShortOption('b')?.name).toBe('cookie');
    expect(findShortOption('d')?.kind).toBe('value');
    expect(findShortOption('s')?.kind).toBe('bool');
    expect(findShortOption('?')).toBeNull();
  });

  // The machine's own curl lists which options take an argument: the table must agree.
  it.skipIf(!hasCurl)('agrees with `curl --help all` on which options take a value', () => {
    const help = spawnSync('curl', ['--help', 'all']).stdout.toString();
    let checked = 0;
    for (const line of help.split('\n')) {
      // `-H, --header <header/@file>  Pass custom header(s) to server`: an argument is shown in <> or [].
      const m = /^\s*(?:-(\S), )?--([a-z0-9.-]+)( [<[])?/.exec(line);
      if (m === null) continue;
      const [, short, name, arg] = m;
      if (name === 'help') continue; // optional argument; we treat it as none
      // curl lists some booleans by their negation (--no-alpn): the table holds the option.
      const base = name!.startsWith('no-') ? name!.slice(3) : name!;
      const option = findLongOption(base);
      expect(option?.name, name).toBe(base);
      if (base !== name) expect(option?.kind, name).toBe('bool');
      expect(option?.kind === 'value', `${name} takes a value`).toBe(arg !== undefined);
      // curl 8.10 renamed -i's long form (--include → --show-headers): compare what it takes.
      if (short !== undefined) expect(findShortOption(short)?.kind, short).toBe(option?.kind);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });
});

const only = (args: string[]) => {
  const requests = readCurlArgs(args);
  expect(requests).toHaveLength(1);
  return requests[0]!;
};

describe('readCurlArgs', () => {
  it('reads -H, --header, attached -H and clustered short options', () => {
    const r = only(['https://x/_api/graphql', '-H', 'a: 1', '--header', 'b: 2', '-Hc: 3', "-sSLH", 'd: 4', '-vHe:5']);
    expect(r.headers).toEqual([['a', '1'], ['b', '2'], ['c', '3'], ['d', '4'], ['e', '5']]);
    expect(r.url).toBe('https://x/_api/graphql');
  });

  it('reads -b, --cookie, attached -b and --cookie=value; a -b without = is a jar file', () => {
    const r = only(['-b', 'a=1', '--cookie', 'b=2', '-bc=3', '--cookie=d=4', '-b', 'cookies.txt']);
    expect(r.cookie_strings).toEqual(['a=1', 'b=2', 'c=3', 'd=4']);
  });

  it('skips the value of every other option that takes one, so a body is never a header', () => {
    const r = only([
      'u', '--data-raw', '-H x-access-token: evil', '-d', '-H', '--data-binary', '-b session=evil',
      '-u', 'user:pw', '-o', '-H', '--url', 'https://y/', '--json', '-b', '-X', 'POST', '-e', '-b',
    ]);
    // `-e -b` is a Referer of "-b": the only header curl would build here.
    expect(r.headers).toEqual([['Referer', '-b']]);
    expect(r.cookie_strings).toEqual([]);
    expect(r.url).toBe('u');
  });

  it('takes --url as the URL when no positional came first, and ignores later positionals', () => {
    expect(only(['--url', 'https://a/', 'https://b/']).url).toBe('https://a/');
  });

  it('handles --no- booleans, --expand- options and unknown options without eating the next word', () => {
    const r = only(['--no-buffer', '--compressed', '--expand-header', 'x: {{v}}', '--bogus', 'https://x/']);
    expect(r.headers).toEqual([['x', '{{v}}']]);
    expect(r.url).toBe('https://x/');
  });

  it('treats everything after -- as URLs', () => {
    const r = only(['--', '-H', 'a: b']);
    expect(r.headers).toEqual([]);
    expect(r.url).toBe('-H');
  });

  it('splits transfers at --next / -:', () => {
    const requests = readCurlArgs(['a', '-H', 'x: 1', '--next', 'b', '-H', 'y: 2', '-:', 'c']);
    expect(requests.map((r) => r.url)).toEqual(['a', 'b', 'c']);
    expect(requests[1]?.headers).toEqual([['y', '2']]);
  });

  it('reads -A / --user-agent as the User-Agent header and `Name;` as an empty header', () => {
    expect(only(['-A', 'UA/1', '-H', 'X-Empty;']).headers).toEqual([['X-Empty', ''], ['User-Agent', 'UA/1']]);
  });

  it('lets a -H header replace the one -A or -e would make, whatever the order; the last -A / -e wins', () => {
    expect(only(['-A', 'opt', '-H', 'user-agent: hdr']).headers).toEqual([['user-agent', 'hdr']]);
    expect(only(['-H', 'User-Agent: hdr', '--user-agent', 'opt']).headers).toEqual([['User-Agent', 'hdr']]);
    expect(only(['-A', 'one', '-A', 'two']).headers).toEqual([['User-Agent', 'two']]);
    expect(only(['-A', 'one', '-A', '']).headers).toEqual([]); // an empty -A removes the header
    expect(only(['-e', 'https://a/', '-H', 'Referer: https://b/']).headers).toEqual([['Referer', 'https://b/']]);
    expect(only(['-e', 'https://a/', '--referer', 'https://c/;auto']).headers).toEqual([['Referer', 'https://c/']]);
  });

  it('does not crash on a value-taking option at the very end', () => {
    expect(only(['u', '-H']).headers).toEqual([]);
    expect(only(['u', '--cookie']).cookie_strings).toEqual([]);
  });
});
