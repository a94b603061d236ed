// Inputs that drive one path of one paste reader as hard as possible, at any size:
// shared by bench/linearity.mjs (prints t(1 MB)/t(256 KB)) and
// test/paste/linearity.test.ts (fails on growth faster than linear).
// Plain JavaScript so a bench and a child process can import it without a build step.

/** `unit` repeated to about `size` characters, between `head` and `tail`. */
function fill(head, unit, tail, size) {
  return head + unit.repeat(Math.max(1, Math.floor((size - head.length - tail.length) / unit.length))) + tail;
}

const TOKEN = 'a3f1c9e07b5d42e8916f0c2d7ab84e53';
const URL = 'https://stake.com/_api/graphql';
const BASH = `curl '${URL}' -H 'x-access-token: ${TOKEN}' `;
const CMD = `curl ^"${URL}^" -H ^"x-access-token: ${TOKEN}^" `;
const PS_CURL = `curl.exe '${URL}' \`\n  -H 'x-access-token: ${TOKEN}' \`\n  `;
const PS_HEAD = `$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n`;
const IWR = `Invoke-WebRequest -UseBasicParsing -Uri "${URL}" \`\n-WebSession $session \`\n`;

/**
 * Every case: `format` is what readPaste must detect (so the case really runs
 * the path it names), `make(size)` a paste of about `size` characters.
 */
export const LINEARITY_CASES = [
  // POSIX shells
  { name: "bash '…' body", format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw '`, 'abcdefgh', `'`, n) },
  { name: 'bash "…" plain body', format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw "`, 'abcdefgh', `"`, n) },
  { name: 'bash "…" escaped backslashes', format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw "`, '\\\\', `"`, n) },
  { name: 'bash "…" escapes every few chars', format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw "`, 'ab\\"c\\$d\\`', `"`, n) },
  { name: "bash $'…' mixed escapes", format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw $'`, "ab\\n\\'cd\\u00e9", `'`, n) },
  { name: "bash $'…' \\xHH ASCII bytes", format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw $'`, '\\x41', `'`, n) },
  { name: "bash $'…' \\xHH UTF-8 bytes", format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw $'`, '\\xc3\\xa9', `'`, n) },
  { name: "bash $'…' invalid UTF-8 bytes", format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw $'`, '\\xff\\101', `'`, n) },
  { name: "bash joined quotes 'a'\"b\"", format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw `, `'a'"b"`, '', n) },
  { name: 'bash joined $\'…\' pieces', format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw `, `$'\\x41'b`, '', n) },
  { name: 'bash unquoted \\ escapes', format: 'curl-posix', make: (n) => fill(`${BASH}--data-raw `, '\\a\\"', '', n) },
  { name: 'bash \\-newline continuations', format: 'curl-posix', make: (n) => fill(BASH, "\\\n  -H 'a: b' ", '', n) },
  { name: 'bash many commands', format: 'curl-posix', make: (n) => fill('', `curl 'https://x.example/' -H 'a: b'\n`, BASH, n) },
  { name: 'bash comments', format: 'curl-posix', make: (n) => fill('', '# a comment line\n', BASH, n) },
  { name: 'bash long cookie string', format: 'curl-posix', make: (n) => fill(`${BASH}-b '`, 'k=v; ', `session=s1'`, n) },
  { name: 'bash many -b flags', format: 'curl-posix', make: (n) => fill(BASH, `-b 'k=v' `, `-b 'session=s1'`, n) },
  { name: 'bash long Cookie header', format: 'curl-posix', make: (n) => fill(`${BASH}-H 'Cookie: `, 'k=v; ', `session=s1'`, n) },
  { name: 'bash many headers', format: 'curl-posix', make: (n) => fill(BASH, `-H 'x-h: v' `, '', n) },
  // Windows cmd
  { name: 'cmd ^"…^" body with ^\\^" escapes', format: 'curl-cmd', make: (n) => fill(`${CMD}--data-raw ^"`, 'ab^\\^"cd^%^3A', '^"', n) },
  { name: 'cmd "…" doubled quotes', format: 'curl-posix', make: (n) => fill(`curl "${URL}" -H "a: b" --data-raw "`, '""', '"', n) },
  { name: 'cmd doubled quotes with ^ marks', format: 'curl-cmd', make: (n) => fill(`${CMD} ^\n --data-raw "`, '""', '"', n) },
  { name: 'cmd backslashes before quotes', format: 'curl-cmd', make: (n) => fill(`${CMD}--data-raw ^"`, '\\\\\\"', '^"', n) },
  { name: 'cmd long backslash run', format: 'curl-cmd', make: (n) => fill(`${CMD}--data-raw ^"`, '\\', '\\"^"', n) },
  { name: 'cmd ^ continuations', format: 'curl-cmd', make: (n) => fill(CMD, '^\n  -H ^"a: b^" ', '', n) },
  { name: 'cmd caret escapes', format: 'curl-cmd', make: (n) => fill(`${CMD}--data-raw `, '^%^&^|', '', n) },
  { name: 'cmd many commands', format: 'curl-cmd', make: (n) => fill('', 'curl ^"https://x.example/^" -H ^"a: b^"\r\n', CMD, n) },
  // curl.exe in PowerShell
  { name: "PowerShell '…' with ''", format: 'curl-powershell', make: (n) => fill(`${PS_CURL}--data-raw '`, "ab''", `'`, n) },
  { name: 'PowerShell "…" with ` escapes', format: 'curl-powershell', make: (n) => fill(`${PS_CURL}--data-raw "`, 'a`"b`$', '"', n) },
  { name: 'PowerShell "…" with "" quotes', format: 'curl-powershell', make: (n) => fill(`${PS_CURL}--data-raw "`, 'a""', '"', n) },
  { name: 'PowerShell ` continuations', format: 'curl-powershell', make: (n) => fill(PS_CURL, "-H 'a: b' `\n  ", '', n) },
  { name: 'PowerShell joined quotes', format: 'curl-powershell', make: (n) => fill(`${PS_CURL}--data-raw `, `'a'"b"`, '', n) },
  { name: 'PowerShell unquoted ` escapes', format: 'curl-powershell', make: (n) => fill(`${PS_CURL}--data-raw `, 'a`b', '', n) },
  // Copy as PowerShell
  { name: 'Invoke-WebRequest -Headers hashtable', format: 'powershell', make: (n) => fill(`${PS_HEAD}${IWR}-Headers @{\n`, '  "x-h"="v"\n', `  "x-access-token"="${TOKEN}"\n}`, n) },
  { name: 'Invoke-WebRequest session cookies', format: 'powershell', make: (n) => fill(PS_HEAD, '$session.Cookies.Add((New-Object System.Net.Cookie("k", "v", "/", "stake.com")))\n', `${IWR}-Headers @{ "x-access-token"="${TOKEN}" }`, n) },
  { name: 'Invoke-WebRequest [char] codes', format: 'powershell', make: (n) => fill(`${PS_HEAD}${IWR}-Headers @{ "x-access-token"="${TOKEN}"; "x-l"="`, 'a$([char]233)', '" }', n) },
  { name: 'Invoke-WebRequest long -Body', format: 'powershell', make: (n) => fill(`${PS_HEAD}${IWR}-Headers @{ "x-access-token"="${TOKEN}" } \`\n-Body "`, 'ab`"cd', '"', n) },
  { name: 'Invoke-WebRequest nested brackets', format: 'powershell', make: (n) => fill(`${PS_HEAD}${IWR}-Headers @{ "x-access-token"="${TOKEN}" } -Body `, '((', '', n) },
  // fetch
  { name: 'fetch string body with escapes', format: 'fetch', make: (n) => fill(`fetch("${URL}", {\n  "headers": { "x-access-token": "${TOKEN}" },\n  "body": "`, 'a\\"b\\u00e9', '"\n});', n) },
  { name: 'fetch many headers', format: 'fetch', make: (n) => fill(`fetch("${URL}", {\n  "headers": {\n`, '    "x-h": "v",\n', `    "x-access-token": "${TOKEN}"\n  }\n});`, n) },
  { name: 'fetch commented headers', format: 'fetch', make: (n) => fill(`fetch("${URL}", {\n  "headers": {\n    "x-access-token": "${TOKEN}",\n`, '    // "cookie": "k=v", // Browser manages this\n', '  }\n});', n) },
  { name: 'fetch many calls', format: 'fetch', make: (n) => fill('', 'fetch("https://x.example/", { "headers": { "a": "b" } });\n', `fetch("${URL}", { "headers": { "x-access-token": "${TOKEN}" } });`, n) },
  { name: 'fetch template literal body', format: 'fetch', make: (n) => fill(`fetch("${URL}", {\n  "headers": { "x-access-token": "${TOKEN}" },\n  "body": \``, 'ab\\`c', '`\n});', n) },
  { name: 'fetch unclosed calls', format: 'fetch', make: (n) => fill(`fetch("${URL}", { "headers": { "x-access-token": "${TOKEN}" } });\n`, 'fetch( [ { ', '', n) },
  // HAR
  { name: 'HAR many entries', format: 'har', make: (n) => fill('{"log":{"version":"1.2","entries":[', `{"startedDateTime":"2024-05-01T10:00:00.000Z","request":{"url":"https://x.example/","headers":[{"name":"a","value":"b"}],"cookies":[]}},`, `{"request":{"url":"${URL}","headers":[{"name":"x-access-token","value":"${TOKEN}"}]}}]}}`, n) },
  { name: 'HAR long header value', format: 'har', make: (n) => fill(`{"log":{"entries":[{"request":{"url":"${URL}","headers":[{"name":"x-access-token","value":"${TOKEN}"},{"name":"x","value":"`, 'ab\\"c', '"}]}}]}}', n) },
  // raw headers
  { name: 'raw headers many lines', format: 'headers', make: (n) => fill(`POST /_api/graphql HTTP/1.1\r\nHost: stake.com\r\nx-access-token: ${TOKEN}\r\n`, 'x-h: v\r\n', '\r\n', n) },
  { name: 'raw headers name/value layout', format: 'headers', make: (n) => fill(`x-access-token:\n${TOKEN}\n`, 'x-h:\nv\n', '', n) },
  { name: 'raw headers long body', format: 'headers', make: (n) => fill(`POST /_api/graphql HTTP/2\nHost: stake.com\nx-access-token: ${TOKEN}\n\n`, '{"a":"b: c"}\n', '', n) },
  { name: 'raw headers long Cookie', format: 'headers', make: (n) => fill(`POST /_api/graphql HTTP/2\nHost: stake.com\nx-access-token: ${TOKEN}\nCookie: `, 'k=v; ', 'session=s1\n', n) },
  // no format at all
  { name: 'unknown text', format: 'unknown', make: (n) => fill('', 'lorem ipsum dolor ', '', n) },
  { name: 'unknown marks of every format', format: 'unknown', make: (n) => fill('', "^\" `\n\\\n$'@{ ", '', n) },
];
