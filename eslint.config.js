import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const UNBOUNDED_SPREAD =
  'An array spread into a call (f(...a), push(...a), Math.max(...a), f.apply(null, a)) puts every element on the stack: ' +
  'an unbounded one overflows it. Loop instead, or, when the array is bounded by construction, ' +
  'say so: // eslint-disable-next-line no-restricted-syntax -- bounded: <why>';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', fetch: 'readonly', Headers: 'readonly', Response: 'readonly', Request: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', performance: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly', structuredClone: 'readonly' },
    },
    rules: {
      // Spec names are snake_case by contract (typescript-binding.md, "Names").
      camelcase: 'off',
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // Linear time at any size: a spread (or .apply) in a call passes every element as an argument on
    // the stack, so an array as long as the input (200,000 curl `--next`s) overflows it (issue 22,
    // item 20). Loop instead; a use bounded by construction says why on an eslint-disable comment.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression > SpreadElement', message: UNBOUNDED_SPREAD },
        { selector: 'NewExpression > SpreadElement', message: UNBOUNDED_SPREAD },
        { selector: "CallExpression[callee.property.name='apply']", message: UNBOUNDED_SPREAD },
      ],
    },
  },
);
