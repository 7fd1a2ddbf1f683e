// The address this page load opened with, read as the app starts. The auth client (loaded after the
// first paint) takes an auth link's tokens from the fragment and then clears it: what the link
// said is read from here, whenever the code that needs it arrives.
export const openedWith =
  typeof window === 'undefined'
    ? { pathname: '/', hash: '' }
    : { pathname: window.location.pathname, hash: window.location.hash };
