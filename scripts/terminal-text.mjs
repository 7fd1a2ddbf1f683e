// @ts-check
// User text on staff's terminal: a control character in a name (an ANSI escape, a carriage return)
// could erase a line and print a forged one ('Payment received: yes'). Each is shown as a \u escape,
// as are the Unicode controls that reorder what follows (bidi overrides).

// C0 and C1 controls, DEL, and the bidi embedding, override and isolate characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `value` as text safe to print: control characters escaped. @param {unknown} value */
export const shown = (value) =>
  String(value).replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
