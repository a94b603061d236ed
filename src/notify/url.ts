/**
 * Notification URLs in the forms the Apprise project made the convention,
 * read into where a sink sends and which parts of the URL are secrets. A
 * URL is read once, here; everything after works from the parsed target and
 * prints only its masked form, so a token cannot leak from a later step.
 */

/** The kinds of sink. */
export type SinkKind = 'discord' | 'slack' | 'telegram' | 'ntfy' | 'mail' | 'json';

/**
 * Where each HTTP sink's API lives. For tests only: the defaults are the
 * services' public addresses.
 */
export interface ApiBase {
  readonly discord?: string;
  readonly slack?: string;
  readonly telegram?: string;
  readonly ntfy?: string;
}

/** An HTTP sink's request target. */
export interface HttpTarget {
  readonly kind: Exclude<SinkKind, 'mail'>;
  readonly endpoint: string;
  /** Extra request headers (a Basic authorization), secrets included. */
  readonly headers: Readonly<Record<string, string>>;
  /** Telegram's chat. */
  readonly chat_id?: string;
}

/** A mail sink's SMTP server and envelope. */
export interface MailTarget {
  readonly kind: 'mail';
  readonly host: string;
  readonly port: number;
  /** Implicit TLS (`mailtos://` on 465). */
  readonly secure: boolean;
  /** STARTTLS required (`mailtos://` on any other port). */
  readonly require_tls: boolean;
  readonly user: string | null;
  readonly pass: string | null;
  readonly from: string;
  readonly to: readonly string[];
}

/** A parsed notification URL. */
export interface ParsedNotifyUrl {
  readonly target: HttpTarget | MailTarget;
  /** The URL as it may be printed: every secret part replaced by `***`. */
  readonly masked: string;
  /** The values that must never be shown (tokens, passwords, the URL itself). */
  readonly secrets: readonly string[];
}

const DEFAULT_BASE = { discord: 'https://discord.com', slack: 'https://hooks.slack.com', telegram: 'https://api.telegram.org', ntfy: 'https://ntfy.sh' } as const;
const SCHEMES = ['ntfy', 'ntfys', 'mailto', 'mailtos', 'json', 'jsons', 'https'];
// A path part of a token: letters, digits and the few marks the services use; never a slash.
const TOKEN_PART = /^[A-Za-z0-9_.:~-]{1,256}$/;
const MASK = '***';

function bad(field: string, why: string): TypeError {
  return new TypeError(`${field}: ${why}`);
}

function base(api: ApiBase | undefined, kind: keyof typeof DEFAULT_BASE): string {
  return (api?.[kind] ?? DEFAULT_BASE[kind]).replace(/\/+$/, '');
}

/**
 * The slash-separated parts after `scheme://`, read from the text itself: a
 * Telegram bot token holds a colon, which a URL parser would take for a port.
 */
function parts(text: string, field: string, count: number, form: string): string[] {
  const rest = text.slice(text.indexOf('://') + 3);
  const end = rest.search(/[?#]/);
  const list = (end === -1 ? rest : rest.slice(0, end)).split('/').filter((p) => p !== '');
  let decoded: string[];
  try {
    decoded = list.map((p) => decodeURIComponent(p));
  } catch {
    throw bad(field, `expected ${form}`);
  }
  if (decoded.length !== count || !decoded.every((p) => TOKEN_PART.test(p))) throw bad(field, `expected ${form}`);
  return decoded;
}

/**
 * Reads one notification URL. `field` names it in errors (`notify[0]`); an
 * error never quotes the URL (it holds a secret).
 * @throws TypeError naming the field when the URL is not one of the forms.
 */
export function parse_notify_url(text: unknown, field: string, api?: ApiBase): ParsedNotifyUrl {
  if (typeof text !== 'string' || text.length === 0 || text.length > 2048) throw bad(field, 'a notification URL is a non-empty string of at most 2048 characters');
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]{0,15}:\/\//.exec(text)?.[0].slice(0, -3).toLowerCase() ?? '';
  if (scheme === 'discord') {
    const [id, token] = parts(text, field, 2, 'discord://WEBHOOK_ID/WEBHOOK_TOKEN') as [string, string];
    return discord(id, token, api, text);
  }
  if (scheme === 'slack') {
    const [a, b, c] = parts(text, field, 3, 'slack://TOKEN_A/TOKEN_B/TOKEN_C') as [string, string, string];
    return slack(a, b, c, api, text);
  }
  if (scheme === 'tgram') {
    const [token, chat] = parts(text, field, 2, 'tgram://BOT_TOKEN/CHAT_ID') as [string, string];
    return {
      target: { kind: 'telegram', endpoint: `${base(api, 'telegram')}/bot${token}/sendMessage`, headers: {}, chat_id: chat },
      masked: `tgram://${MASK}/${chat}`,
      secrets: [text, token],
    };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad(field, 'not a URL (discord://, slack://, tgram://, ntfy://, mailto://, json:// or a Discord/Slack webhook https:// URL)');
  }
  const protocol = url.protocol.slice(0, -1).toLowerCase();
  if (!SCHEMES.includes(protocol)) throw bad(field, `unknown notification scheme '${protocol.slice(0, 20)}'`);
  switch (protocol) {
    case 'ntfy':
    case 'ntfys':
      return ntfy(url, protocol, field, api, text);
    case 'mailto':
    case 'mailtos':
      return mail(url, scheme === 'mailtos', field, text);
    case 'json':
    case 'jsons':
      return json(url, scheme === 'jsons', field, text);
    default:
      return webhook(url, field, api, text);
  }
}

function discord(id: string, token: string, api: ApiBase | undefined, text: string): ParsedNotifyUrl {
  return {
    target: { kind: 'discord', endpoint: `${base(api, 'discord')}/api/webhooks/${id}/${token}`, headers: {} },
    masked: `discord://${id}/${MASK}`,
    secrets: [text, token],
  };
}

function slack(a: string, b: string, c: string, api: ApiBase | undefined, text: string): ParsedNotifyUrl {
  return {
    target: { kind: 'slack', endpoint: `${base(api, 'slack')}/services/${a}/${b}/${c}`, headers: {} },
    masked: `slack://${a}/${MASK}/${MASK}`,
    secrets: [text, b, c],
  };
}

/** `https://discord.com/api/webhooks/ID/TOKEN` and `https://hooks.slack.com/services/A/B/C`, as the services hand them out. */
function webhook(url: URL, field: string, api: ApiBase | undefined, text: string): ParsedNotifyUrl {
  const path = url.pathname.split('/').filter((p) => p !== '');
  const host = url.hostname.toLowerCase();
  if ((host === 'discord.com' || host === 'discordapp.com') && path.length === 4 && path[0] === 'api' && path[1] === 'webhooks') {
    const [, , id, token] = path as [string, string, string, string];
    if (TOKEN_PART.test(id) && TOKEN_PART.test(token)) return discord(id, token, api, text);
  }
  if (host === 'hooks.slack.com' && path.length === 4 && path[0] === 'services') {
    const [, a, b, c] = path as [string, string, string, string];
    if (TOKEN_PART.test(a) && TOKEN_PART.test(b) && TOKEN_PART.test(c)) return slack(a, b, c, api, text);
  }
  throw bad(field, 'an https:// notification URL must be a Discord (discord.com/api/webhooks/…) or Slack (hooks.slack.com/services/…) webhook');
}

function credentials(url: URL): { user: string | null; pass: string | null } {
  return {
    user: url.username === '' ? null : decodeURIComponent(url.username),
    pass: url.password === '' ? null : decodeURIComponent(url.password),
  };
}

function basic(user: string | null, pass: string | null): Record<string, string> {
  if (user === null) return {};
  return { authorization: `Basic ${Buffer.from(`${user}:${pass ?? ''}`).toString('base64')}` };
}

function hostPort(url: URL): string {
  return `${url.hostname}${url.port === '' ? '' : `:${url.port}`}`;
}

/** `ntfy://topic` (ntfy.sh), `ntfy://[user:pass@]host[:port]/topic` (http), `ntfys://…` (https). */
function ntfy(url: URL, scheme: string, field: string, api: ApiBase | undefined, text: string): ParsedNotifyUrl {
  const path = url.pathname.split('/').filter((p) => p !== '').map((p) => decodeURIComponent(p));
  const { user, pass } = credentials(url);
  let endpoint: string;
  let topic: string;
  let where: string;
  if (path.length === 0) {
    topic = decodeURIComponent(url.hostname);
    endpoint = `${base(api, 'ntfy')}/${topic}`;
    where = '';
  } else if (path.length === 1) {
    topic = path[0] as string;
    endpoint = `${api?.ntfy === undefined ? `${scheme === 'ntfys' ? 'https' : 'http'}://${hostPort(url)}` : base(api, 'ntfy')}/${topic}`;
    where = `${hostPort(url)}/`;
  } else {
    throw bad(field, 'expected ntfy://[host/]topic');
  }
  if (!TOKEN_PART.test(topic)) throw bad(field, 'expected ntfy://[host/]topic');
  // On ntfy.sh (and any server without access control) the topic is the access key: whoever knows it reads and posts.
  return {
    target: { kind: 'ntfy', endpoint, headers: basic(user, pass) },
    masked: `${scheme}://${user === null ? '' : `${MASK}@`}${where}${MASK}`,
    secrets: [text, topic, ...(pass === null ? [] : [pass])],
  };
}

/** `json://[user:pass@]host[:port]/path` (http) and `jsons://…` (https): a plain JSON POST. */
function json(url: URL, secure: boolean, field: string, text: string): ParsedNotifyUrl {
  if (url.hostname === '') throw bad(field, 'expected json://host[:port]/path');
  const { user, pass } = credentials(url);
  const endpoint = `${secure ? 'https' : 'http'}://${hostPort(url)}${url.pathname}${url.search}`;
  // A webhook's id lives in its path (`/api/webhook/<id>`) and a key in its query (`?token=`): only the host is shown.
  const path = url.pathname === '/' ? '' : url.pathname;
  return {
    target: { kind: 'json', endpoint, headers: basic(user, pass) },
    masked: `${secure ? 'jsons' : 'json'}://${user === null ? '' : `${MASK}@`}${hostPort(url)}${path === '' && url.search === '' ? '' : `/${MASK}`}`,
    secrets: [
      text,
      ...(pass === null ? [] : [pass]),
      ...(path.length > 1 ? [path, path.slice(1)] : []),
      ...(url.search.length > 4 ? [url.search.slice(1)] : []),
    ],
  };
}

// One address: no spaces, one @, a dot in the domain; linear.
const ADDRESS = /^[^\s@<>,;]{1,64}@[^\s@<>,;]{1,255}$/;

/** `mailto://user:pass@smtp.host[:port]?to=addr[,addr][&from=addr]`; `mailtos://` requires TLS. */
function mail(url: URL, secure: boolean, field: string, text: string): ParsedNotifyUrl {
  if (url.hostname === '') throw bad(field, 'expected mailto://user:pass@smtp.host[:port]?to=addr');
  const { user, pass } = credentials(url);
  const to = (url.searchParams.get('to') ?? (user !== null && user.includes('@') ? user : '')).split(',').map((a) => a.trim()).filter((a) => a !== '');
  if (to.length === 0 || !to.every((a) => ADDRESS.test(a))) throw bad(field, 'a mail notification needs ?to=address');
  const from = url.searchParams.get('from') ?? (user !== null && user.includes('@') ? user : `stakeql@${url.hostname}`);
  if (!ADDRESS.test(from)) throw bad(field, 'from= is not a mail address');
  const port = url.port === '' ? (secure ? 465 : 25) : Number(url.port);
  return {
    target: { kind: 'mail', host: url.hostname, port, secure: secure && port === 465, require_tls: secure && port !== 465, user, pass, from, to },
    masked: `${secure ? 'mailtos' : 'mailto'}://${user === null ? '' : `${user}:${MASK}@`}${hostPort(url)}?to=${to.join(',')}`,
    secrets: [text, ...(pass === null ? [] : [pass])],
  };
}
