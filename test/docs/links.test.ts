/**
 * Issue 47 item 4: docs that cannot rot. Every relative link of README.md and
 * docs/*.md resolves: the file exists inside the repository and, where the
 * link names an anchor, the page has a heading GitHub gives that anchor.
 * No page names a note a user cannot open (the project's research notes and
 * the code index's file ids were cited so before issue 47).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, broken_links, github_slug, pages, read_page } from './markdown.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-docs-links-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('relative links in README.md and docs/', () => {
  it('all resolve, anchors included', () => {
    expect(broken_links()).toEqual([]);
  });

  it('there are links to check, in README and in docs pages, anchors among them', () => {
    const all = pages().flatMap((p) => read_page(p).links);
    expect(all.filter((l) => l.page === 'README.md' && l.target.startsWith('docs/')).length).toBeGreaterThan(10);
    expect(all.filter((l) => l.page !== 'README.md' && l.target.includes('#')).length).toBeGreaterThan(3);
  });

  it('the check fails on a missing file, a missing heading, a page outside the repository', () => {
    fs.mkdirSync(path.join(scratch, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(scratch, 'README.md'), '# Top\n\n## The client: `play` (v2)\n\n[a](docs/a.md#real-one) [b](docs/b.md) [c](#the-client-play-v2) [d](#nope)\n[e](../outside.md) `[f](docs/none.md)` [g](https://example.com/x#y)\n');
    fs.writeFileSync(path.join(scratch, 'docs', 'a.md'), '# A\n\n## Real one\n\n[back](../README.md#top) [gone](../README.md#gone)\n\n```ts\n[h](not-a-link.md)\n```\n');
    expect(broken_links(scratch)).toEqual([
      'README.md:5 (docs/b.md): no such file',
      'README.md:5 (#nope): no heading #nope',
      'README.md:6 (../outside.md): outside the repository',
      'docs/a.md:5 (../README.md#gone): no heading #gone',
    ]);
  });

  it('slugs headings as GitHub does', () => {
    expect(github_slug('Games: one registry, client.play')).toBe('games-one-registry-clientplay');
    expect(github_slug('Rounds over several requests: round(view) and round policies')).toBe('rounds-over-several-requests-roundview-and-round-policies');
    expect(github_slug("The test suite's time (issue 49)")).toBe('the-test-suites-time-issue-49');
  });
});

describe('no page cites what a user cannot open', () => {
  const NOTES = ['../shared', 'shared/spec', 'site-coverage.md', 'operations.md', 'site-api.md', 'automation.md', 'wire-corpus/INDEX', 'research notes'];
  it.each(pages())('%s', (page) => {
    const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
    for (const note of NOTES) expect(text.includes(note), `${page} names ${note}`).toBe(false);
    // A code-index file id: a run of 10 or more digits.
    let run = 0;
    let longest = 0;
    for (const ch of text) {
      run = ch >= '0' && ch <= '9' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(longest, `${page} holds a code-index id`).toBeLessThan(10);
  });
});
