// @ts-check
// What Supabase Auth answers for the features this project keeps off (config.toml turns none of
// them on): the same status, error code and message as its middleware and handlers
// (supabase/auth: internal/api/middleware.go, mfa.go, web3.go, token_oidc.go), so supabase-js
// reports them as it would against a hosted project.
import { fail } from './replies.mjs';

/** @typedef {import('./replies.mjs').Reply} Reply */

export const samlDisabled = () => fail(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
export const manualLinkingDisabled = () => fail(404, 'manual_linking_disabled', 'Manual linking is disabled');
export const passkeysDisabled = () => fail(404, 'passkey_disabled', 'Passkeys are disabled');
export const oauthServerDisabled = () => fail(404, 'feature_disabled', 'OAuth server is disabled');
export const web3Disabled = () => fail(422, 'web3_provider_disabled', 'Web3 provider is disabled');

/** POST /factors: enrolment of each factor type is off ([auth.mfa.*] enroll_enabled defaults to false). @param {unknown} body */
export function mfaEnrollDisabled(body) {
  const type =
    typeof body === 'object' && body !== null ? /** @type {Record<string, unknown>} */ (body).factor_type : '';
  if (type === 'phone') return fail(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') return fail(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  return fail(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
}

const ISSUERS = /** @type {Record<string, string>} */ ({
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  keycloak: '',
});

/** POST /token?grant_type=id_token: no external provider is on. @param {unknown} body */
export function idTokenDisabled(body) {
  const b = typeof body === 'object' && body !== null ? /** @type {Record<string, unknown>} */ (body) : {};
  if (typeof b.id_token !== 'string' || !b.id_token) return fail(400, 'validation_failed', 'id_token required');
  const provider = typeof b.provider === 'string' ? b.provider : '';
  const issuer = ISSUERS[provider] || (typeof b.issuer === 'string' ? b.issuer : '');
  if (!issuer) return fail(400, 'validation_failed', 'Custom OAuth providers are disabled');
  return fail(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);
}
