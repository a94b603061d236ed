import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Servers in tests bind 127.0.0.1 only and stop by themselves; these bound a hung one.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
