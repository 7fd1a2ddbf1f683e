// @ts-check
// The emails the auth service sends, each with a one-use link: text and HTML.

/** @param {string} link */
const href = (link) => link.replace(/&/g, '&amp;');

/** @param {string} link */
export const confirmSignupEmail = (link) => ({
  subject: 'Confirm your signup',
  text: `Follow this link to confirm the email address of your new Chloe account:\n\n${link}\n\nThe link works once, for an hour.`,
  html: `<p>Follow this link to confirm the email address of your new Chloe account:</p><p><a href="${href(link)}">Confirm your email address</a></p><p>The link works once, for an hour.</p>`,
});

/** @param {string} link */
export const resetPasswordEmail = (link) => ({
  subject: 'Reset your password',
  text: `Follow this link to reset the password for your Chloe account:\n\n${link}\n\nThe link works once, for an hour. If you did not ask for it, ignore this email.`,
  html: `<p>Follow this link to reset the password for your Chloe account:</p><p><a href="${href(link)}">Reset password</a></p><p>The link works once, for an hour. If you did not ask for it, ignore this email.</p>`,
});

/** @param {string} link */
export const confirmEmailChangeEmail = (link) => ({
  subject: 'Confirm your new email address',
  text: `Follow this link to use this address for your Chloe account:\n\n${link}\n\nThe link works once, for an hour. If you did not ask for it, ignore this email.`,
  html: `<p>Follow this link to use this address for your Chloe account:</p><p><a href="${href(link)}">Confirm email address</a></p><p>The link works once, for an hour. If you did not ask for it, ignore this email.</p>`,
});
