// @ts-check
// What the local stack takes from supabase/config.toml, the Supabase CLI's project settings: read
// once, with a real TOML parser, so the file means locally what it means to the CLI and to a
// hosted project.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { errorMessage } from '../shared/errors.mjs';
import { ROOT } from '../shared/settings.mjs';

export const PROJECT_CONFIG = path.join(ROOT, 'supabase/config.toml');

/** @param {unknown} value @returns {Record<string, unknown>} */
const table = (value) =>
  value && typeof value === 'object' && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : {};

/** @param {unknown} value @returns {value is number} */
const isCount = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The auth settings, each with GoTrue's default when the file does not say:
 * - [auth] `site_url` and `additional_redirect_urls` (where auth links may send a browser) and
 *   `refresh_token_reuse_interval` in seconds;
 * - [auth.rate_limit]: requests per 5 minutes per IP, by the Supabase CLI's names;
 * - [auth.email] `enable_confirmations`, `double_confirm_changes` (an email change confirmed by both
 *   addresses; on unless set false, as the CLI and a hosted project) and `secure_password_change`
 *   (a reauthentication code for a new password when the session is older than a day).
 * @param {Record<string, unknown>} config
 */
function authSettings(config) {
  const auth = table(config.auth);
  const redirects = Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls : [];
  return {
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://localhost:4173',
    redirectUrls: redirects.filter(/** @returns {url is string} */ (url) => typeof url === 'string' && url !== ''),
    refreshTokenReuseInterval: isCount(auth.refresh_token_reuse_interval) ? auth.refresh_token_reuse_interval : 10,
    rateLimits: Object.fromEntries(
      Object.entries(table(auth.rate_limit)).filter(/** @returns {e is [string, number]} */ (e) => isCount(e[1])),
    ),
    confirmSignups: table(auth.email).enable_confirmations === true,
    secureEmailChange: table(auth.email).double_confirm_changes !== false,
    securePasswordChange: table(auth.email).secure_password_change === true,
  };
}

/**
 * The project's settings the local stack honours: `auth` (above) and `functionsWithoutJwt`, the
 * functions listed as [functions.<name>] with `verify_jwt = false`, which the gateway lets through
 * without a JWT as hosted Supabase does. A missing file is the defaults; a malformed one is an
 * error that names the file and the line.
 * @param {string} [file]
 */
export function readProjectConfig(file = PROJECT_CONFIG) {
  /** @type {Record<string, unknown>} */
  let config = {};
  if (existsSync(file)) {
    try {
      config = parse(readFileSync(file, 'utf8'));
    } catch (error) {
      // smol-toml says where: `<file>:<line>:<column>: <what>`, then the lines around it.
      const { line, column } = /** @type {{ line?: number, column?: number }} */ (error);
      const where = line ? `${path.relative(ROOT, file)}:${line}:${column ?? 1}` : path.relative(ROOT, file);
      throw new Error(`${where}: ${errorMessage(error)}`, { cause: error });
    }
  }
  const functions = Object.entries(table(config.functions));
  return {
    auth: authSettings(config),
    functionsWithoutJwt: new Set(functions.filter(([, f]) => table(f).verify_jwt === false).map(([name]) => name)),
  };
}

/** @typedef {ReturnType<typeof readProjectConfig>} ProjectConfig */
