/**
 * Why a browser stakeql started exited before it could be driven, from what
 * playwright-core reports: its error message carries the browser's own
 * stderr lines (`[pid=N][err] …`) under "Call log:". Its first line alone
 * ("Target page, context or browser has been closed") says nothing, so the
 * browser's first error line is what a user is shown, with what to do for
 * the causes known here. Read line by line, no regular expression over the
 * text but the fixed escape-code one.
 */

/** A cause this module knows what to say about. */
export type StartTrouble = 'no_display' | 'root_sandbox' | 'profile_in_use';

// Chromium's own words for each cause (ozone_platform_x11.cc, zygote_host_impl_linux.cc, process_singleton_posix.cc).
const SIGNS: ReadonlyArray<readonly [StartTrouble, readonly string[]]> = [
  ['no_display', ['Missing X server or $DISPLAY', 'without having a XServer running', 'Failed to connect to Wayland display']],
  ['root_sandbox', ['Running as root without --no-sandbox is not supported']],
  ['profile_in_use', ['The profile appears to be in use', 'ProcessSingleton']],
];

/** The cause the message shows, or null. */
export function start_trouble(message: string): StartTrouble | null {
  for (const [trouble, signs] of SIGNS) if (signs.some((sign) => message.includes(sign))) return trouble;
  return null;
}

// Terminal colour codes playwright puts around its call log.
const ESCAPES = /\u001b\[[0-9;]*m/g;

/**
 * The browser's stderr line that shows a known cause, else its first error
 * line, else its first line of any kind (a wrapper script's), without its log
 * prefix (`[2068:2068:1129/061856.742574:ERROR:ui/ozone/…:257] Missing X
 * server…` → `Missing X server…`), at most 200 characters; null when it
 * printed nothing. (Its threads log in no fixed order: a D-Bus complaint may
 * come before the line that matters.)
 */
export function browser_said(message: string): string | null {
  let error: string | null = null;
  let first: string | null = null;
  for (const raw of message.split('\n')) {
    const line = raw.replace(ESCAPES, '');
    const at = line.indexOf('[err] ');
    if (at === -1) continue;
    const text = line.slice(at + 6).trim();
    if (text === '') continue;
    const level = text.startsWith('[') ? Math.max(text.indexOf(':ERROR:'), text.indexOf(':FATAL:')) : -1;
    const end = text.indexOf('] ');
    const said = (level !== -1 && end > level ? text.slice(end + 2) : text).slice(0, 200);
    if (start_trouble(said) !== null) return said;
    if (level !== -1 && end > level) error ??= said;
    first ??= said;
  }
  return error ?? first;
}
