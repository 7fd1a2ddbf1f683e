import type { ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema, toTypedRxJsonSchema } from 'rxdb';
import {
  AI_GOALS,
  CALL_ROUTING_METHODS,
  MOBILE_COMMUNICATION,
  MOBILE_DEVICE_TYPES,
  OFFICE_DEVICES,
  PROPERTY_PORTALS,
  TONE_OF_VOICE,
  TRACKING_OUTCOMES,
  YES_NO,
} from '../lib/assessment-options';
import { MIN_SHARES, SHARE_PRICE, SHARE_STEP } from '../lib/shareholding';

// RxDB schemas mirror their Postgres tables column for column
// (tests/integration/database/schema-parity checks it), except the two sync columns: Postgres'
// `_deleted` is RxDB's own `_deleted`, and `_modified` (the server's write time, microsecond text)
// is kept as `serverModified`, filled only by pulls — RxDB refuses field names starting with `_`.
// Bump `version` and add a migration strategy in database.ts for any change: a device may hold
// unsynced drafts written with the previous schema.

const uuid = { type: 'string', maxLength: 36 } as const;
const text = { type: ['string', 'null'] } as const;
const timestamp = { type: ['string', 'null'] } as const;
const yesNo = { type: ['string', 'null'], enum: [...YES_NO, null] } as const;
const list = <T extends readonly string[]>(values: T) =>
  ({ type: 'array', items: { type: 'string', enum: values } }) as const;

const syncFields = {
  created_at: timestamp,
  updated_at: timestamp,
  serverModified: timestamp,
} as const;

// Version 1 added where a property was saved from: the listing's address, portal and id
// (docs/decisions/011-browser-extension.md).
export const savedPropertySchemaLiteral = {
  title: 'saved_properties',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    user_id: uuid,
    title: text,
    address: text,
    price: { type: ['number', 'null'], minimum: 0 },
    bedrooms: { type: ['integer', 'null'], minimum: 0 },
    property_type: text,
    key_features: { type: 'array', items: { type: 'string' } },
    agent_name: text,
    agency_name: text,
    listing_url: text,
    portal: { type: ['string', 'null'], enum: ['rightmove', 'zoopla', null] },
    portal_id: text,
    ...syncFields,
  },
  required: ['id', 'user_id', 'key_features'],
  additionalProperties: false,
} as const;

export const shareSubscriptionSchemaLiteral = {
  title: 'share_subscriptions',
  // 1: signing evidence and cancellation (migration 20261123000007). 2: how it was signed
  // (migration 20261127000029). 3: the name a typed signature typed (migration 20261129000037).
  version: 3,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    user_id: uuid,
    subscriber_name: text,
    subscriber_address: text,
    subscriber_email: text,
    subscriber_phone: text,
    number_of_shares: { type: 'integer', minimum: MIN_SHARES, multipleOf: SHARE_STEP },
    subscription_price: { type: 'number', enum: [SHARE_PRICE] },
    total_amount: { type: 'number', minimum: 0 },
    effective_date: text,
    payment_reference: text,
    signature_data: { type: ['string', 'null'], pattern: '^data:image/' },
    signature_method: { type: 'string', enum: ['drawn', 'typed'] },
    signature_name: text,
    signature_timestamp: timestamp,
    status: { type: 'string', enum: ['draft', 'signed', 'cancelled'], maxLength: 9 },
    signature_hash: text,
    signed_user_agent: text,
    cancelled_at: timestamp,
    ...syncFields,
  },
  required: ['id', 'user_id', 'number_of_shares', 'subscription_price', 'total_amount', 'status'],
  additionalProperties: false,
} as const;

export const shareAgreementStatusSchemaLiteral = {
  title: 'share_agreement_status',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    subscription_id: uuid,
    user_id: uuid,
    agreement_generated: { type: 'boolean' },
    agreement_signed: { type: 'boolean' },
    cancellation_deadline: text,
    payment_received: { type: 'boolean' },
    shares_issued: { type: 'boolean' },
    share_certificate_issued: { type: 'boolean' },
    eis_documentation_sent: { type: 'boolean' },
    ...syncFields,
  },
  required: ['id', 'subscription_id', 'user_id'],
  additionalProperties: false,
} as const;

export const agentAssessmentSchemaLiteral = {
  title: 'agent_assessments',
  // 1: last_step (migration 20261123000008). 2: no created_by (a link holder may not read it,
  // migration 20261127000026).
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    token: { type: 'string', pattern: '^[A-Za-z0-9]{22,128}$' },
    expires_at: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'completed'] },
    completed_at: timestamp,
    last_step: { type: 'integer', minimum: 1, maximum: 7 },
    agency_name: text,
    office_locations: text,
    number_of_offices: { type: ['integer', 'null'], minimum: 0 },
    main_contact_name: text,
    main_contact_email: text,
    main_contact_phone: text,
    website_url: text,
    ai_assistant_name: text,
    tone_of_voice: list(TONE_OF_VOICE),
    preferred_greeting: text,
    preferred_signoff: text,
    crm_platform: text,
    is_crm_cloud_based: yesNo,
    uses_lead_tracking: yesNo,
    wants_crm_integration: yesNo,
    phone_system_provider: text,
    is_phone_voip: yesNo,
    uses_call_recording: yesNo,
    call_routing_method: { type: ['string', 'null'], enum: [...CALL_ROUTING_METHODS, null] },
    office_devices: list(OFFICE_DEVICES),
    uses_mobile_devices: yesNo,
    mobile_device_types: list(MOBILE_DEVICE_TYPES),
    preferred_mobile_communication: list(MOBILE_COMMUNICATION),
    property_portals: list(PROPERTY_PORTALS),
    primary_ai_goals: list(AI_GOALS),
    tracking_outcomes: list(TRACKING_OUTCOMES),
    current_tools: { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 },
    wants_tool_integration: yesNo,
    linkedin_handle: text,
    twitter_handle: text,
    instagram_handle: text,
    snapchat_handle: text,
    tiktok_handle: text,
    facebook_handle: text,
    threads_handle: text,
    valuation_leads_script: text,
    viewing_feedback_script: text,
    lettings_repairs_script: text,
    mortgage_prequel_script: text,
    additional_requirements: text,
    ...syncFields,
  },
  required: [
    'id',
    'token',
    'expires_at',
    'status',
    'tone_of_voice',
    'office_devices',
    'mobile_device_types',
    'preferred_mobile_communication',
    'property_portals',
    'primary_ai_goals',
    'tracking_outcomes',
    'current_tools',
  ],
  additionalProperties: false,
} as const;

// Pull-only: written by the email assistant on the server, never by a device (sync_push refuses it).
// Validated loosely on purpose: a pulled row the schema refused would stop the table's replication,
// so a status the server adds later must not be one (the server's checks hold the real rules).
// Version 1 added the Gmail message and thread ids and the reason for the status
// (docs/decisions/010-email-assistant.md).
export const emailLogSchemaLiteral = {
  title: 'email_logs',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    user_id: uuid,
    // Null only on a tombstone: the mailbox was disconnected and the log deleted with it.
    gmail_account_id: { type: ['string', 'null'] },
    sender_email: { type: 'string' },
    sender_name: text,
    subject: text,
    // Postgres' text for a timestamptz (UTC on the server): sorts by time as a string. Indexed
    // for recentEmailLogs (an indexed string needs a maxLength; the text is 32 characters).
    received_at: { type: 'string', maxLength: 40 },
    reply_status: { type: 'string' },
    replied_at: timestamp,
    gmail_message_id: text,
    gmail_thread_id: text,
    reason: text,
    ...syncFields,
  },
  required: ['id', 'user_id', 'sender_email', 'received_at', 'reply_status'],
  indexes: ['received_at'],
  additionalProperties: false,
} as const;

// The document types, derived from the schema literals the way RxDB's toTypedRxJsonSchema types them.
type Typed<S extends Parameters<typeof toTypedRxJsonSchema>[0]> = ExtractDocumentTypeFromTypedRxJsonSchema<
  ReturnType<typeof toTypedRxJsonSchema<S>>
>;

export type SavedPropertyDoc = Typed<typeof savedPropertySchemaLiteral>;
export type ShareSubscriptionDoc = Typed<typeof shareSubscriptionSchemaLiteral>;
export type ShareAgreementStatusDoc = Typed<typeof shareAgreementStatusSchemaLiteral>;
export type AgentAssessmentDoc = Typed<typeof agentAssessmentSchemaLiteral>;
export type EmailLogDoc = Typed<typeof emailLogSchemaLiteral>;

export const savedPropertySchema: RxJsonSchema<SavedPropertyDoc> = savedPropertySchemaLiteral;
export const shareSubscriptionSchema: RxJsonSchema<ShareSubscriptionDoc> = shareSubscriptionSchemaLiteral;
export const shareAgreementStatusSchema: RxJsonSchema<ShareAgreementStatusDoc> = shareAgreementStatusSchemaLiteral;
export const agentAssessmentSchema: RxJsonSchema<AgentAssessmentDoc> = agentAssessmentSchemaLiteral;
export const emailLogSchema: RxJsonSchema<EmailLogDoc> = emailLogSchemaLiteral;

/** Fields the server owns: never pushed as the device's own change (see sync/merge.ts). */
export const SERVER_OWNED_FIELDS = [
  'created_at',
  'updated_at',
  'serverModified',
  'signature_hash',
  'signed_user_agent',
  'cancelled_at',
] as const;

/** Array-valued fields merge as sets (docs/decisions/003-sync.md, conflicts). */
export const LIST_FIELDS: Record<string, readonly string[]> = {
  saved_properties: ['key_features'],
  share_subscriptions: [],
  share_agreement_status: [],
  email_logs: [],
  agent_assessments: [
    'tone_of_voice',
    'office_devices',
    'mobile_device_types',
    'preferred_mobile_communication',
    'property_portals',
    'primary_ai_goals',
    'tracking_outcomes',
  ],
};
