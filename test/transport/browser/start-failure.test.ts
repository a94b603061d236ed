/**
 * What a browser that exited at start said, read from playwright-core's
 * error message (the shapes below are Debian's chromium's, as playwright
 * reported them on this machine: without a display, and as root with its
 * sandbox on). The line that shows the cause wins over whatever its threads
 * logged first; the escape codes and chromium's log prefix are dropped.
 */
import { describe, expect, it } from 'vitest';
import { browser_said, start_trouble } from '../../../src/transport/browser/start-failure.js';

const ESC = '\u001b';
const log = (lines: string[]): string =>
  ['browserType.launchPersistentContext: Target page, context or browser has been closed', 'Browser logs:', '', 'Call log:', ...lines.map((l) => `${ESC}[2m  - ${l}${ESC}[22m`)].join('\n');

describe('a browser that exited at start', () => {
  it('no display: the X11 line, even after a D-Bus complaint and the wrapper script\'s own', () => {
    const message = log([
      '<launching> /usr/bin/chromium --user-data-dir=/p --remote-debugging-pipe',
      '[pid=2068][err] /usr/bin/chromium: 9: [: 25276059648: unexpected operator',
      '[pid=2068][err] [2068:2106:1129/061856.750134:ERROR:dbus/bus.cc:405] Failed to connect to the bus: Failed to connect to socket /run/dbus/system_bus_socket: No such file or directory',
      '[pid=2068][err] [2068:2068:1129/061856.742574:ERROR:ui/ozone/platform/x11/ozone_platform_x11.cc:257] Missing X server or $DISPLAY',
      '[pid=2068] <process did exit: exitCode=1, signal=null>',
    ]);
    expect(start_trouble(message)).toBe('no_display');
    expect(browser_said(message)).toBe('Missing X server or $DISPLAY');
  });

  it('as root: the sandbox refusal', () => {
    const message = log([
      '[pid=21347][err] /usr/bin/chromium: 9: [: 25276059648: unexpected operator',
      '[pid=21347][err] [21347:21347:1129/061011.020978:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:103] Running as root without --no-sandbox is not supported. See https://crbug.com/638180.',
    ]);
    expect(start_trouble(message)).toBe('root_sandbox');
    expect(browser_said(message)).toBe('Running as root without --no-sandbox is not supported. See https://crbug.com/638180.');
  });

  it('an unknown cause: its first error line, else its first line; nothing printed: null', () => {
    const error_line = log(['[pid=1][err] starting', '[pid=1][err] [1:1:1129/0:ERROR:x.cc:1] Something else broke', '[pid=1][err] [1:1:1129/0:ERROR:y.cc:2] Later']);
    expect(start_trouble(error_line)).toBeNull();
    expect(browser_said(error_line)).toBe('Something else broke');
    expect(browser_said(log(['[pid=1][err] only a script line']))).toBe('only a script line');
    expect(browser_said(log(['<launched> pid=1', '[pid=1] <process did exit: exitCode=1, signal=null>']))).toBeNull();
    expect(browser_said(`[pid=1][err] ${'x'.repeat(500)}`)).toHaveLength(200);
  });
});
