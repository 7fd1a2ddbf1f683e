// @ts-check
// The emails the auth service sends, each with a one-use link: text and HTML.

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** @param {string} link */
const href = escapeHtml;

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

/** To the current address when an email change must be confirmed by both. @param {string} link @param {string} next */
export const confirmEmailChangeFromEmail = (link, next) => ({
  subject: 'Confirm your email address change',
  text: `Someone asked to change the address of your Chloe account to ${next}. Follow this link to agree:\n\n${link}\n\nThe change needs this link and the one sent to the new address. If you did not ask for it, do not follow the link, and change your password.`,
  html: `<p>Someone asked to change the address of your Chloe account to ${escapeHtml(next)}. Follow this link to agree:</p><p><a href="${href(link)}">Confirm the change</a></p><p>The change needs this link and the one sent to the new address. If you did not ask for it, do not follow the link, and change your password.</p>`,
});

/** The code for GET /reauthenticate. @param {string} code */
export const reauthenticationEmail = (code) => ({
  subject: 'Confirm reauthentication',
  text: `Enter this code to confirm it is you: ${code}\n\nIt works once, for an hour.`,
  html: `<p>Enter this code to confirm it is you: <strong>${code}</strong></p><p>It works once, for an hour.</p>`,
});
