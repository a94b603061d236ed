// Registers record-loads.mjs in the child process when a file to record into is given.
import { register } from 'node:module';

const file = process.env.STAKEQL_TEST_LOADS_FILE;
if (file) register(new URL('./record-loads.mjs', import.meta.url), { data: { file } });
