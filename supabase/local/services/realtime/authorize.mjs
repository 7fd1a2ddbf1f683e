// @ts-check
// Who may join a private channel, decided as hosted Realtime decides it: a probe message for the
// topic is inserted into realtime.messages, then selected under the joining user's role, claims and
// realtime.topic setting, so the table's RLS policies answer; the transaction is rolled back (the
// probe is never delivered: its NOTIFY goes with the rollback).
import { verifyJwt } from '../../shared/keys.mjs';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** @typedef {{ role: string, sub?: string, exp?: number } & Record<string, unknown>} Claims */

/**
 * The token's claims, or the reason it is refused in hosted Realtime's words.
 * @param {string} token @param {string} jwtSecret
 * @returns {Promise<{ claims: Claims } | { reason: string }>}
 */
export async function claimsOf(token, jwtSecret) {
  let payload;
  try {
    payload = await verifyJwt(token, jwtSecret);
  } catch (error) {
    const expired = error instanceof Error && 'code' in error && error.code === 'ERR_JWT_EXPIRED';
    return { reason: expired ? 'InvalidJWTToken: Token has expired' : 'InvalidJWTToken: The token is not valid' };
  }
  const role = typeof payload.role === 'string' ? payload.role : '';
  if (!API_ROLES.has(role))
    return { reason: `InvalidJWTToken: The token's role ${role || '(none)'} is not an API role` };
  return { claims: /** @type {Claims} */ ({ ...payload, role }) };
}

/**
 * True when `claims` may read `topic` (a private channel's topic, without 'realtime:').
 * @param {import('pg').Pool} pool @param {string} topic @param {Claims} claims
 */
export async function mayRead(pool, topic, claims) {
  const db = await pool.connect();
  try {
    await db.query('begin');
    const probe = await db.query(
      "insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true) returning id",
      [topic],
    );
    await db.query(
      `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
              set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
              set_config('request.jwt.claim.role', $1, true)`,
      [claims.role, topic, JSON.stringify(claims), claims.sub ?? ''],
    );
    const probeId = /** @type {{ id: string }[]} */ (probe.rows)[0]?.id;
    const seen = await db.query('select id from realtime.messages where id = $1', [probeId]);
    return seen.rowCount === 1;
  } finally {
    await db.query('rollback').catch(() => {});
    db.release();
  }
}
