// On a Rightmove or Zoopla listing: reads the page when the popup asks (nothing is read otherwise).
import { parseListing } from './listing/parse';
import type { ToListingTab } from './messages';

chrome.runtime.onMessage.addListener((message: ToListingTab, _sender, respond) => {
  if (message?.type !== 'chloe:extract') return false;
  respond(parseListing(document, location.href));
  return false;
});
