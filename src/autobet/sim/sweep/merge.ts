/**
 * `sweep merge`: the parts of a sharded sweep (each shard's results file)
 * joined into the lines one machine would have printed: the same header
 * without a shard, every cell once, in index order.
 */
import { read_results } from './results-file.js';
import type { CellLine, SweepHeader } from './lines.js';
import { SweepSpecError } from './spec.js';

/** The whole sweep from its parts. @throws SweepSpecError (`field` 'parts') naming the part at fault. */
export function merge_parts(files: readonly string[]): { header: SweepHeader; cells: CellLine[] } {
  if (files.length === 0) throw new SweepSpecError('parts', 'name the parts to merge');
  let first: SweepHeader | null = null;
  const seen = new Map<number, string>();
  const cells: CellLine[] = [];
  for (const file of files) {
    const read = read_results(file, 'parts');
    if (read === null) throw new SweepSpecError('parts', `${file} does not exist or holds no header`);
    const h = read.header;
    if (h.shard === null) throw new SweepSpecError('parts', `${file} is a whole sweep, not a shard's part`);
    if (first === null) first = h;
    else if (h.spec_hash !== first.spec_hash || h.seed !== first.seed || h.cells !== first.cells || h.shard.count !== first.shard!.count) {
      throw new SweepSpecError('parts', `${file} is a part of another sweep (its spec, seed or shard count differ from ${files[0]}'s)`);
    }
    if (seen.has(-1 - h.shard.index)) throw new SweepSpecError('parts', `${file} is shard ${h.shard.index} again (also ${seen.get(-1 - h.shard.index)})`);
    seen.set(-1 - h.shard.index, file);
    let mine = 0;
    for (const c of read.cells) {
      if (c.index % h.shard.count !== h.shard.index || seen.has(c.index)) continue;
      seen.set(c.index, file);
      cells.push(c);
      mine++;
    }
    const expected = Math.floor((h.cells - 1 - h.shard.index) / h.shard.count) + 1;
    if (h.shard.index >= h.cells ? mine !== 0 : mine !== expected) {
      throw new SweepSpecError('parts', `${file} holds ${mine} of its shard's ${Math.max(0, expected)} cells: run that shard to its end first (it resumes)`);
    }
  }
  const header = first!;
  if (cells.length !== header.cells) {
    const missing = Array.from({ length: header.shard!.count }, (_, i) => i).filter((i) => !seen.has(-1 - i));
    throw new SweepSpecError('parts', `shards ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''} of ${header.shard!.count} are missing`);
  }
  cells.sort((a, b) => a.index - b.index);
  return { header: { ...header, shard: null }, cells };
}
