// A reference, not a reader: the least any reader of a Chrome bash paste must do on
// this machine. Each quoted word's end is found with indexOf, every character between
// the words is looked at once, and the token, User-Agent, cookie string and URL are cut
// out. It does not split cookies, find the origin, check the shell, or handle any other
// quoting, so it reads only the exact layout of the typical paste. bench/paste.mjs
// quotes its ratio beside ours: what the floor ratio can be for JavaScript that looks
// at characters, while indexOf runs at memchr speed.
export function minimalScan(text) {
  const n = text.length;
  let i = text.indexOf(' ');
  let expect = 0; // 0: a URL, 1: a header, 2: a cookie string, 3: another option's value
  let token = null;
  let agent = null;
  let cookie = null;
  let url = null;
  while (i >= 0 && i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a) {
      i++;
    } else if (c === 0x5c && text.charCodeAt(i + 1) === 0x0a) {
      i += 2;
    } else if (c === 0x27) {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return null;
      if (expect === 1) {
        let colon = i + 1;
        while (colon < close && text.charCodeAt(colon) !== 0x3a) colon++;
        if (colon - i - 1 === 14) token = text.slice(colon + 2, close);
        else if (colon - i - 1 === 10 && text.charCodeAt(i + 1) === 0x75) agent = text.slice(colon + 2, close);
      } else if (expect === 2) {
        cookie = text.slice(i + 1, close);
      } else if (expect === 0 && url === null) {
        url = text.slice(i + 1, close);
      }
      expect = 0;
      i = close + 1;
    } else if (c === 0x2d) {
      const letter = text.charCodeAt(i + 1);
      expect = letter === 0x48 ? 1 : letter === 0x62 ? 2 : 3;
      while (i < n && text.charCodeAt(i) !== 0x20) i++;
    } else {
      return null;
    }
  }
  return { token, agent, cookie, url };
}
