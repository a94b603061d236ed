// Module customization hooks (node --import ./register-loads.mjs): append the
// URL of every module loaded to the file named in STAKEQL_TEST_LOADS_FILE.
import { appendFileSync } from 'node:fs';

let file = null;

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  if (file !== null) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
