/**
 * The site's public pay tables as the research copied them
 * (test/fixtures/pay-tables.json, a verbatim copy of
 * shared/research/pay-tables.json with each table's source): the expected
 * values of the pay-table tests, read apart from src/.
 */
import fs from 'node:fs';

type Tables = Record<string, Record<string, number[]>>;

/**
 * `keno.tables[risk][picks][hits]`, `plinko.tables[risk][rows][bucket]`,
 * `wheel.tables[segments][risk][segment]`, `pump.tables[difficulty][safe pumps]`.
 */
export const PAY_TABLES = JSON.parse(fs.readFileSync(new URL('../fixtures/pay-tables.json', import.meta.url), 'utf8')) as {
  keno: { source: string; tables: Tables };
  plinko: { source: string; tables: Tables };
  wheel: { source: string; tables: Tables };
  pump: { source: string; tables: Record<string, number[]> };
};
