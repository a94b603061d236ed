// The typical paste of issue 10: Chrome "Copy as cURL (bash)" of a GraphQL request with
// long Cloudflare cookies (cf_clearance of 300 characters, __cf_bm of 150, a session),
// the 10 headers Chrome sends and a 2.5 KB --data-raw body. Deterministic: same text every run.
function chars(length, seed) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.';
  let out = '';
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

const body = JSON.stringify({
  operationName: 'UserBalances',
  variables: {},
  query: `query UserBalances {\n  user {\n    id\n    balances {\n      available {\n        amount\n        currency\n      }\n    }\n  }\n}\n# ${chars(2300, 7)}`,
});

export const TYPICAL_PASTE = `curl 'https://stake.com/_api/graphql' \\
  -H 'accept: */*' \\
  -H 'accept-language: en-US,en;q=0.9' \\
  -H 'content-type: application/json' \\
  -b 'currency_currency=btc; session=${chars(96, 1)}; cf_clearance=${chars(300, 2)}; __cf_bm=${chars(150, 3)}' \\
  -H 'origin: https://stake.com' \\
  -H 'referer: https://stake.com/casino/games/dice' \\
  -H 'sec-ch-ua: "Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"' \\
  -H 'sec-fetch-site: same-origin' \\
  -H 'user-agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \\
  -H 'x-access-token: ${chars(96, 4).replace(/[^0-9a-f]/g, 'e')}' \\
  -H 'x-language: en' \\
  --data-raw '${body}'
`;
