/**
 * curl's command-line option table: every long option, whether it takes a
 * value, and its short letter. Transcribed from the `aliases` table in curl's
 * `src/tool_getparam.c` (curl 8.x; it is a superset of the curl 7.88 options,
 * checked against `curl --help all`). Knowing which options take a value is
 * what keeps a request body (`--data-raw '… -H x-access-token: …'`) from being
 * read as a header.
 *
 * Kinds: `V` takes a value, `B` boolean (also accepts `--no-NAME`), `N` no value.
 */
const TABLE = `
abstract-unix-socket V
alpn B
alt-svc V
anyauth N
append B a
aws-sigv4 V
basic B
buffer B N
ca-native B
cacert V
capath V
cert V E
cert-status B
cert-type V
ciphers V
clobber B
compressed B
compressed-ssh B
config V K
connect-timeout V
connect-to V
continue-at V C
cookie V b
cookie-jar V c
create-dirs B
create-file-mode V
crlf B
crlfile V
curves V
data V d
data-ascii V
data-binary V
data-raw V
data-urlencode V
delegation V
digest B
disable B q
disable-eprt B
disable-epsv B
disallow-username-in-url B
dns-interface V
dns-ipv4-addr V
dns-ipv6-addr V
dns-servers V
doh-cert-status B
doh-insecure B
doh-url V
dump-ca-embed N
dump-header V D
ech V
egd-file V
engine V
eprt B
epsv B
etag-compare V
etag-save V
expect100-timeout V
fail B f
fail-early B
fail-with-body B
false-start B
follow B
form V F
form-escape B
form-string V
ftp-account V
ftp-alternative-to-user V
ftp-create-dirs B
ftp-method V
ftp-pasv N
ftp-port V P
ftp-pret B
ftp-skip-pasv-ip B
ftp-ssl B
ftp-ssl-ccc B
ftp-ssl-ccc-mode V
ftp-ssl-control B
ftp-ssl-reqd B
get B G
globoff B g
happy-eyeballs-timeout-ms V
haproxy-clientip V
haproxy-protocol B
head B I
header V H
help N h
hostpubmd5 V
hostpubsha256 V
hsts V
http0.9 B
http1.0 N 0
http1.1 N
http2 N
http2-prior-knowledge N
http3 N
http3-only N
ignore-content-length B
include B
insecure B k
interface V
ip-tos V
ipfs-gateway V
ipv4 N 4
ipv6 N 6
json V
junk-session-cookies B j
keepalive B
keepalive-cnt V
keepalive-time V
key V
key-type V
knownhosts V
krb V
krb4 V
libcurl V
limit-rate V
list-only B l
local-port V
location B L
location-trusted B
login-options V
mail-auth V
mail-from V
mail-rcpt V
mail-rcpt-allowfails B
manual B M
max-filesize V
max-redirs V
max-time V m
metalink B
mptcp B
negotiate B
netrc B n
netrc-file V
netrc-optional B
next N :
noproxy V
npn B
ntlm B
ntlm-wb B
oauth2-bearer V
out-null B
output V o
output-dir V
parallel B Z
parallel-immediate B
parallel-max V
parallel-max-host V
pass V
path-as-is B
pinnedpubkey V
post301 B
post302 B
post303 B
preproxy V
progress-bar B #
progress-meter B
proto V
proto-default V
proto-redir V
proxy V x
proxy-anyauth B
proxy-basic B
proxy-ca-native B
proxy-cacert V
proxy-capath V
proxy-cert V
proxy-cert-type V
proxy-ciphers V
proxy-crlfile V
proxy-digest B
proxy-header V
proxy-http2 B
proxy-insecure B
proxy-key V
proxy-key-type V
proxy-negotiate B
proxy-ntlm B
proxy-pass V
proxy-pinnedpubkey V
proxy-service-name V
proxy-ssl-allow-beast B
proxy-ssl-auto-client-cert B
proxy-tls13-ciphers V
proxy-tlsauthtype V
proxy-tlspassword V
proxy-tlsuser V
proxy-tlsv1 N
proxy-user V U
proxy1.0 V
proxytunnel B p
pubkey V
quote V Q
random-file V
range V r
rate V
raw B
referer V e
remote-header-name B J
remote-name B O
remote-name-all B
remote-time B R
remove-on-error B
request V X
request-target V
resolve V
retry V
retry-all-errors B
retry-connrefused B
retry-delay V
retry-max-time V
sasl-authzid V
sasl-ir B
service-name V
sessionid B
show-error B S
show-headers B i
sigalgs V
silent B s
skip-existing B
socks4 V
socks4a V
socks5 V
socks5-basic B
socks5-gssapi B
socks5-gssapi-nec B
socks5-gssapi-service V
socks5-hostname V
speed-limit V Y
speed-time V y
ssl B
ssl-allow-beast B
ssl-auto-client-cert B
ssl-no-revoke B
ssl-reqd B
ssl-revoke-best-effort B
ssl-sessions V
sslv2 N 2
sslv3 N 3
stderr V
styled-output B
suppress-connect-headers B
tcp-fastopen B
tcp-nodelay B
telnet-option V t
tftp-blksize V
tftp-no-options B
time-cond V z
tls-earlydata B
tls-max V
tls13-ciphers V
tlsauthtype V
tlspassword V
tlsuser V
tlsv1 N 1
tlsv1.0 N
tlsv1.1 N
tlsv1.2 N
tlsv1.3 N
tr-encoding B
trace V
trace-ascii V
trace-config V
trace-ids B
trace-time B
unix-socket V
upload-file V T
upload-flags V
url V
url-query V
use-ascii B B
user V u
user-agent V A
variable V
verbose B v
version B V
vlan-priority V
write-out V w
xattr B
`;

/** How an option consumes its argument. */
export type OptionKind = 'value' | 'bool' | 'none';

/** One row of curl's option table. */
export interface CurlOption {
  readonly name: string;
  readonly kind: OptionKind;
  readonly short: string | null;
}

const KINDS: Record<string, OptionKind> = { V: 'value', B: 'bool', N: 'none' };

function buildTable(): { byName: Map<string, CurlOption>; byShort: Map<string, CurlOption>; sorted: string[] } {
  const byName = new Map<string, CurlOption>();
  const byShort = new Map<string, CurlOption>();
  for (const line of TABLE.split('\n')) {
    if (line === '') continue;
    const [name, kindCode, short] = line.split(' ');
    if (name === undefined || kindCode === undefined) continue;
    const option: CurlOption = { name, kind: KINDS[kindCode] ?? 'none', short: short ?? null };
    byName.set(name, option);
    if (short !== undefined) byShort.set(short, option);
  }
  return { byName, byShort, sorted: [...byName.keys()].sort() };
}

const { byName, byShort, sorted } = buildTable();

/** All long option names, sorted (for tests and prefix lookups). */
export const CURL_LONG_OPTIONS: readonly string[] = sorted;

/** The option for a short letter (`H` → header), or null when curl has none. */
export function findShortOption(letter: string): CurlOption | null {
  return byShort.get(letter) ?? null;
}

/** The short options by char code: the reader looks letters up without making a string of each. */
const byShortCode: ReadonlyArray<CurlOption | undefined> = (() => {
  const table: Array<CurlOption | undefined> = new Array<CurlOption | undefined>(128).fill(undefined);
  for (const [letter, option] of byShort) table[letter.charCodeAt(0)] = option;
  return table;
})();

/** {@link findShortOption} by the letter's char code. */
export function findShortOptionCode(code: number): CurlOption | null {
  return byShortCode[code] ?? null;
}

/**
 * The option a long name means, as curl resolves it: an exact name wins
 * (`--head` is not `--header`); otherwise an unambiguous prefix is accepted,
 * as curl 7.x does (`--heade` → header). An ambiguous prefix (`--cook`:
 * cookie or cookie-jar) is an error to curl, and null here.
 */
export function findLongOption(name: string): CurlOption | null {
  const exact = byName.get(name);
  if (exact !== undefined) return exact;
  if (name === '') return null;
  // Binary search for the first name >= prefix, then check it is the only one.
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < name) lo = mid + 1;
    else hi = mid;
  }
  const first = sorted[lo];
  if (first === undefined || !first.startsWith(name)) return null;
  const second = sorted[lo + 1];
  if (second !== undefined && second.startsWith(name)) return null;
  return byName.get(first) ?? null;
}
