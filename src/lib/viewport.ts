// Where the layout turns to a phone's: below Panda's `md` breakpoint (48rem, 768 px).
export const PHONE_MEDIA = '(max-width: 47.99rem)';

/** Whether the window is a phone's now (false where there is no window: a prerender, a test). */
export const isPhone = () => typeof matchMedia === 'function' && matchMedia(PHONE_MEDIA).matches;
